import { describe, expect, it } from 'vitest';
import { layoutLearningMap, MAP_COLUMN_GAP, MAP_ROW_GAP } from './map-layout.ts';

describe('the learning map layout', () => {
  it('puts foundational concepts on top and each concept below its deepest prerequisite', () => {
    const { nodes, edges } = layoutLearningMap(
      ['light', 'chlorophyll', 'photosynthesis', 'glucose'],
      [
        { from: 'light', to: 'chlorophyll' },
        { from: 'chlorophyll', to: 'photosynthesis' },
        { from: 'light', to: 'photosynthesis' },
        { from: 'photosynthesis', to: 'glucose' },
      ],
    );
    expect(nodes.map((n) => [n.id, n.layer])).toEqual([
      ['light', 0],
      ['chlorophyll', 1],
      ['photosynthesis', 2],
      ['glucose', 3],
    ]);
    expect(nodes[2]).toMatchObject({ x: 0, y: 2 * MAP_ROW_GAP });
    expect(edges).toHaveLength(4);
    expect(edges[0]).toEqual({ id: 'light→chlorophyll', source: 'light', target: 'chlorophyll' });
  });

  it('centres a row in list order and ignores pairs naming unknown concepts', () => {
    const { nodes, edges } = layoutLearningMap(
      ['a', 'b', 'c'],
      [
        { from: 'a', to: 'c' },
        { from: 'zzz', to: 'b' },
      ],
    );
    expect(nodes.map((n) => [n.id, n.x, n.y])).toEqual([
      ['a', -MAP_COLUMN_GAP / 2, 0],
      ['b', MAP_COLUMN_GAP / 2, 0],
      ['c', 0, MAP_ROW_GAP],
    ]);
    expect(edges).toEqual([{ id: 'a→c', source: 'a', target: 'c' }]);
  });

  it('wraps a wide layer onto rows of its own, above the next layer', () => {
    const { nodes } = layoutLearningMap(['a', 'b', 'c', 'd'], [{ from: 'a', to: 'd' }], 2);
    expect(nodes.map((n) => [n.id, n.layer, n.y])).toEqual([
      ['a', 0, 0],
      ['b', 0, 0],
      ['c', 0, MAP_ROW_GAP],
      ['d', 1, 2 * MAP_ROW_GAP],
    ]);
  });

  it('does not loop on a cycle', () => {
    const { nodes } = layoutLearningMap(
      ['a', 'b'],
      [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'a' },
      ],
    );
    expect(nodes).toHaveLength(2);
  });
});
