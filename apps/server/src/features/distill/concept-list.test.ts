import { describe, expect, it } from 'vitest';
import {
  cleanConcepts,
  parseConceptList,
  parseDistillAnswer,
  tidyConcept,
} from './concept-list.ts';

describe('parseConceptList', () => {
  it('reads a JSON array, also inside a code fence or prose', () => {
    expect(parseConceptList('["Movable type", "Ink", "Paper"]')).toEqual([
      'Movable type',
      'Ink',
      'Paper',
    ]);
    expect(parseConceptList('Here you go:\n```json\n["Movable type", "Ink"]\n```\nEnjoy!')).toEqual(
      ['Movable type', 'Ink'],
    );
  });

  it('reads objects with a name, and ignores what is not a name', () => {
    expect(parseConceptList('[{"name": "Movable type", "why": "…"}, 42, {"x": 1}, "Ink"]')).toEqual(
      ['Movable type', 'Ink'],
    );
  });

  it('reads a numbered list, dropping emphasis and descriptions', () => {
    const text = [
      'Concepts to learn:',
      '1. **Movable type**: reusable letters cast in metal',
      '2) Screw press – the machine Gutenberg adapted',
      '3. `Oil-based ink`',
      '',
      'Good luck.',
    ].join('\n');
    expect(parseConceptList(text)).toEqual(['Movable type', 'Screw press', 'Oil-based ink']);
  });

  it('reads a bulleted list, and falls back to it when the JSON is broken', () => {
    expect(parseConceptList('- Paper\n* Ink\n• Literacy\n+ Reformation')).toEqual([
      'Paper',
      'Ink',
      'Literacy',
      'Reformation',
    ]);
    expect(parseConceptList('["Paper", "Ink"\n- Paper\n- Ink')).toEqual(['Paper', 'Ink']);
    expect(parseConceptList('Answer: [1, 2]\n- Paper')).toEqual(['Paper']);
  });

  it('reads plain lines, or one comma-separated line', () => {
    expect(parseConceptList('Paper\nInk\n')).toEqual(['Paper', 'Ink']);
    expect(parseConceptList('Paper, ink; literacy')).toEqual(['Paper', 'ink', 'literacy']);
  });

  it('gives nothing for an empty answer', () => {
    expect(parseConceptList('')).toEqual([]);
    expect(parseConceptList('[]')).toEqual([]);
  });
});

describe('cleanConcepts', () => {
  it('trims, tidies and removes duplicates case-insensitively, first one kept', () => {
    expect(cleanConcepts(['  Movable  type ', 'movable TYPE', '"Ink."', 'ink', '', '   '])).toEqual(
      ['Movable type', 'Ink'],
    );
  });

  it('drops names over 80 characters and keeps at most 8, in order', () => {
    const long = 'a'.repeat(81);
    const names = [long, ...Array.from({ length: 10 }, (_, i) => `Concept ${i + 1}`)];
    const cleaned = cleanConcepts(names);
    expect(cleaned).toHaveLength(8);
    expect(cleaned[0]).toBe('Concept 1');
    expect(cleaned.at(-1)).toBe('Concept 8');
    expect(cleanConcepts(['b'.repeat(80)])).toEqual(['b'.repeat(80)]);
  });

  it('tidies one name: numbering, quotes, links and control characters', () => {
    expect(tidyConcept('3. “Printing press”')).toBe('Printing press');
    expect(tidyConcept('[Gutenberg](https://example.org)')).toBe('Gutenberg');
    expect(tidyConcept('Ink\u0000and\npaper')).toBe('Ink and paper');
    expect(tidyConcept('__Type__')).toBe('Type');
  });
});

describe('parseDistillAnswer', () => {
  it('reads the object with concepts and prerequisite pairs, in either pair shape', () => {
    const text = [
      '```json',
      '{"concepts": ["Light", "Chlorophyll", "Photosynthesis"],',
      ' "prerequisites": [["Light", "Photosynthesis"], {"from": "Chlorophyll", "to": "Photosynthesis"}, ["bad"], 7]}',
      '```',
    ].join('\n');
    expect(parseDistillAnswer(text)).toEqual({
      concepts: ['Light', 'Chlorophyll', 'Photosynthesis'],
      prerequisites: [
        { from: 'Light', to: 'Photosynthesis' },
        { from: 'Chlorophyll', to: 'Photosynthesis' },
      ],
    });
  });

  it('still reads the old plain array and lists, with no pairs', () => {
    expect(parseDistillAnswer('["Movable type", {"name": "Ink"}]')).toEqual({
      concepts: ['Movable type', 'Ink'],
      prerequisites: [],
    });
    expect(parseDistillAnswer('1. Movable type\n2. Ink')).toEqual({
      concepts: ['Movable type', 'Ink'],
      prerequisites: [],
    });
  });

  it('keeps the concepts of an object cut short', () => {
    const text = '{"concepts": ["Light", "Chlorophyll"], "prerequisites": [["Light", "Chl';
    expect(parseDistillAnswer(text)).toEqual({
      concepts: ['Light', 'Chlorophyll'],
      prerequisites: [],
    });
  });
});
