import { describe, expect, it } from 'vitest';
import { cleanPrerequisites, foundationalFirst } from './prerequisites.ts';

const CONCEPTS = ['Cell', 'Photosynthesis', 'Chlorophyll', 'Light'];

describe('cleaning prerequisite pairs', () => {
  it('keeps pairs of listed concepts in the list’s spelling, dropping unknown ends and self-pairs', () => {
    const pairs = [
      { from: 'chlorophyll', to: '**Photosynthesis**' },
      { from: 'Light', to: 'Photosynthesis.' },
      { from: 'Quantum physics', to: 'Light' },
      { from: 'Cell', to: 'cell' },
      { from: 'Light', to: 'Photosynthesis' },
    ];
    expect(cleanPrerequisites(CONCEPTS, pairs)).toEqual([
      { from: 'Chlorophyll', to: 'Photosynthesis' },
      { from: 'Light', to: 'Photosynthesis' },
    ]);
  });

  it('breaks cycles: a pair closing one is dropped, earlier pairs win', () => {
    const pairs = [
      { from: 'Cell', to: 'Chlorophyll' },
      { from: 'Chlorophyll', to: 'Photosynthesis' },
      { from: 'Photosynthesis', to: 'Cell' },
      { from: 'Photosynthesis', to: 'Chlorophyll' },
      { from: 'Light', to: 'Cell' },
    ];
    expect(cleanPrerequisites(CONCEPTS, pairs)).toEqual([
      { from: 'Cell', to: 'Chlorophyll' },
      { from: 'Chlorophyll', to: 'Photosynthesis' },
      { from: 'Light', to: 'Cell' },
    ]);
  });

  it('leaves no cycle whatever it is given', () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    const all = names.flatMap((from) => names.map((to) => ({ from, to })));
    const kept = cleanPrerequisites(names, all);
    const order = foundationalFirst(names, kept);
    for (const { from, to } of kept) expect(order.indexOf(from)).toBeLessThan(order.indexOf(to));
  });
});

describe('foundational first', () => {
  it('puts every prerequisite before what needs it and otherwise keeps the given order', () => {
    const prerequisites = [
      { from: 'Light', to: 'Photosynthesis' },
      { from: 'Chlorophyll', to: 'Photosynthesis' },
    ];
    expect(foundationalFirst(CONCEPTS, prerequisites)).toEqual([
      'Cell',
      'Chlorophyll',
      'Light',
      'Photosynthesis',
    ]);
    expect(foundationalFirst(CONCEPTS, [])).toEqual(CONCEPTS);
  });
});
