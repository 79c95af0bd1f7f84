import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from './markdown-text.tsx';

describe('MarkdownText', () => {
  it('renders a javascript: link inert', () => {
    const { container } = render(
      <MarkdownText>
        {'[click me](javascript:alert(1)) and [ok](https://example.org)'}
      </MarkdownText>,
    );
    expect(screen.getByText('click me').closest('a')).toBeNull();
    expect(container.querySelector('[href^="javascript"]')).toBeNull();
    const ok = screen.getByRole('link', { name: 'ok' });
    expect(ok).toHaveAttribute('href', 'https://example.org');
    expect(ok).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps mailto and relative links', () => {
    render(<MarkdownText>{'[mail](mailto:a@b.org) [here](/pricing)'}</MarkdownText>);
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@b.org');
    expect(screen.getByRole('link', { name: 'here' })).not.toHaveAttribute('target');
  });

  it('renders no raw HTML and no images', () => {
    const { container } = render(
      <MarkdownText>
        {
          'Hello <script>alert(1)</script><b onclick="x()">bold</b>\n\n![x](https://t.example/p.png)'
        }
      </MarkdownText>,
    );
    expect(container.querySelector('script, b, img')).toBeNull();
    expect(container.textContent).toContain('Hello');
  });
});
