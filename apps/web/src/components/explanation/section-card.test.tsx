import type { ExplanationSection } from '@grasp/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SectionCard } from './section-card.tsx';

const section = (content: string): ExplanationSection => ({
  title: 'Core Understanding',
  content,
  timeRange: [0, 20],
  icon: 'Brain',
});

describe('SectionCard', () => {
  it('shows title, time range and markdown, with no toggle for short text', () => {
    render(<SectionCard section={section('Short **text**.')} />);
    expect(screen.getByRole('heading', { name: 'Core Understanding' })).toBeInTheDocument();
    expect(screen.getByText('0-20s')).toBeInTheDocument();
    expect(screen.getByText('text').tagName).toBe('STRONG');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('clamps text over 150 characters, starting collapsed, and toggles it', async () => {
    const { container } = render(<SectionCard section={section('x'.repeat(151))} />);
    const body = container.querySelector('[data-clamped]');
    expect(body).toHaveAttribute('data-clamped', 'true');
    expect(body).toHaveClass('line-clamp-3');

    const toggle = screen.getByRole('button', { name: 'Show more of Core Understanding' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Show less of Core Understanding');
    expect(body).not.toHaveClass('line-clamp-3');
    await userEvent.click(toggle);
    expect(body).toHaveClass('line-clamp-3');
  });

  it('does not clamp exactly 150 characters', () => {
    render(<SectionCard section={section('y'.repeat(150))} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('marks the section being read', () => {
    render(<SectionCard section={section('Short.')} status="active" />);
    expect(screen.getByRole('article')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Now reading')).toBeInTheDocument();
  });
});
