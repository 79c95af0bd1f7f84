import { describe, expect, it } from 'vitest';
import { answerPreview } from './answer-preview.ts';

describe('answerPreview', () => {
  it('drops headings, graph blocks and markdown marks', () => {
    const markdown = [
      '## 🧠 Understanding Gravity (0-20 seconds)',
      '**Gravity** is the force that pulls *masses* together; see [Newton](https://x.example).',
      '',
      '- It keeps planets in orbit.',
      '1. It makes `apples` fall.',
      '```graph',
      '{"nodes": []}',
      '```',
    ].join('\n');
    expect(answerPreview(markdown)).toBe(
      'Gravity is the force that pulls masses together; see Newton. It keeps planets in orbit. It makes apples fall.',
    );
  });

  it('cuts long text at a word and marks the cut', () => {
    const preview = answerPreview('word '.repeat(100), 42);
    expect(preview.endsWith('word…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(43);
  });

  it('keeps short text whole', () => {
    expect(answerPreview('A short answer.')).toBe('A short answer.');
  });
});
