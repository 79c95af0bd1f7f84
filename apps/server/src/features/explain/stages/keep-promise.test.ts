import { describe, expect, it } from 'vitest';
import { fakeAnswer } from '../../../test/fake-answers.ts';
import { sampleAnswer } from '../../../test/fake-provider.ts';
import { checkTwoMinuteShape } from '../answer.ts';
import { keepPromise } from './keep-promise.ts';

const sentence = 'Light gives the plant the energy it needs to make its food. ';
const section = (title: string, range: string, sentences: number) =>
  `## ${title} (${range} seconds)\n${sentence.repeat(sentences).trim()} [1]\n`;
const related = (items: string[]) =>
  `## Related Concepts\n${items.map((i) => `- ${i}`).join('\n')}`;
const answer = (
  sentences: number,
  ranges = ['0-30', '30-60', '60-90', '90-120'],
  items = ['Light'],
) =>
  [
    section('Understanding', ranges[0] ?? '', sentences),
    section('Principles', ranges[1] ?? '', sentences),
    section('Examples', ranges[2] ?? '', sentences),
    section('Takeaway', ranges[3] ?? '', sentences),
    related(items),
  ].join('\n');

describe('keeping the two-minute promise', () => {
  it('passes an answer that keeps it', () => {
    expect(keepPromise(sampleAnswer('Gravity'), 'en').outcome).toBe('pass');
    expect(keepPromise(fakeAnswer('hi', { query: 'गुरुत्वाकर्षण' }), 'hi').outcome).toBe('pass');
  });

  it('cuts a 900-word answer at sentence ends, keeping every section', () => {
    const long = answer(18);
    expect(checkTwoMinuteShape(long).words).toBeGreaterThan(800);
    const verdict = keepPromise(long, 'en');
    expect(verdict.outcome).toBe('mended');
    const shape = checkTwoMinuteShape(verdict.markdown);
    expect(shape.fits).toBe(true);
    expect(shape.timedSections).toBe(4);
    // Every kept sentence is whole.
    for (const line of verdict.markdown
      .split('\n')
      .filter((l) => l && !l.startsWith('#') && !l.startsWith('-'))) {
      expect(line).toMatch(/food\.( \[1\])?$/);
    }
  });

  it('retimes ranges that end far from 120 s', () => {
    const verdict = keepPromise(answer(4, ['0-10', '10-20', '20-30', '30-40']), 'en');
    expect(verdict.outcome).toBe('mended');
    expect(checkTwoMinuteShape(verdict.markdown).endsNear120).toBe(true);
    expect(verdict.markdown).toContain('(0-30 seconds)');
  });

  it('caps the related concepts at three', () => {
    const verdict = keepPromise(answer(4, undefined, ['A', 'B', 'C', 'D', 'E']), 'en');
    expect(verdict.outcome).toBe('mended');
    expect(verdict.markdown).not.toContain('- D');
  });

  it('asks again, naming why, for what it cannot mend', () => {
    const short = keepPromise(answer(1), 'en');
    expect(short).toMatchObject({ outcome: 'reask', reason: expect.stringMatching(/words long/) });
    const two = [section('One', '0-60', 8), section('Two', '60-120', 8), related(['Light'])].join(
      '\n',
    );
    expect(keepPromise(two, 'en')).toMatchObject({
      reason: expect.stringMatching(/2 timed sections/),
    });
    expect(keepPromise(answer(4), 'ta')).toMatchObject({ reason: 'it was not written in Tamil' });
    expect(keepPromise(answer(4, undefined, []), 'en')).toMatchObject({
      reason: 'it named no related concepts',
    });
  });
});
