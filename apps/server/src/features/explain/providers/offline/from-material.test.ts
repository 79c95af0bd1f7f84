import { parseExplanation, type Source } from '@grasp/contract';
import { describe, expect, it } from 'vitest';
import { countWords } from '../../answer.ts';
import { explainFromMaterial } from './from-material.ts';

const source = (n: number, page: number, excerpt: string): Source => ({
  n,
  title: 'Biology notes',
  url: '',
  excerpt,
  origin: 'document',
  language: 'en',
  page,
});

const SOURCES = [
  source(
    1,
    2,
    'Photosynthesis is the process by which green plants turn light into chemical energy. Chlorophyll in the chloroplast absorbs red and blue light. Photosynthesis releases oxygen and stores energy in glucose.',
  ),
  source(2, 5, 'The thylakoid membranes hold the pigments. The Calvin cycle builds sugar.'),
];

describe('explainFromMaterial', () => {
  const markdown = explainFromMaterial('photosynthesis', SOURCES).join('');

  it('quotes the material’s defining sentence first, cited, and names the pages', () => {
    const sections = parseExplanation(markdown).sections;
    expect(sections[0]?.content).toContain(
      'Photosynthesis is the process by which green plants turn light into chemical energy. [1]',
    );
    expect(markdown).toContain('on pages 2, 5');
    expect(markdown).toContain('[2]');
  });

  it('has the two-minute shape: four timed sections, 150–475 words, related concepts', () => {
    const parsed = parseExplanation(markdown);
    expect(parsed.sections.length).toBeGreaterThanOrEqual(4);
    expect(parsed.sections.at(-1)?.timeRange[1]).toBe(120);
    expect(countWords(markdown)).toBeGreaterThanOrEqual(150);
    expect(countWords(markdown)).toBeLessThanOrEqual(475);
    expect(parsed.relatedConcepts.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps four sections when the material says little', () => {
    const little = explainFromMaterial('tides', [source(1, 1, 'Tides follow the moon.')]).join('');
    expect(parseExplanation(little).sections.length).toBeGreaterThanOrEqual(4);
    expect(little).toContain('Tides follow the moon. [1]');
  });
});
