import { describe, expect, it } from 'vitest';
import { COLUMN_GAP, layoutGraph, ROW_GAP } from './graph-layout.ts';

describe('layoutGraph', () => {
  it('puts roots on top and children a row lower, rows centred', () => {
    const { nodes, edges } = layoutGraph({
      nodes: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
        { id: 'c', label: 'C' },
      ],
      edges: [
        { source: 'a', target: 'b', label: 'has' },
        { source: 'a', target: 'c' },
        { source: 'a', target: 'ghost' },
      ],
    });
    expect(nodes).toEqual([
      { id: 'a', label: 'A', x: 0, y: 0 },
      { id: 'b', label: 'B', x: -COLUMN_GAP / 2, y: ROW_GAP },
      { id: 'c', label: 'C', x: COLUMN_GAP / 2, y: ROW_GAP },
    ]);
    expect(edges).toHaveLength(2);
    expect(edges[0]).toMatchObject({ source: 'a', target: 'b', label: 'has' });
  });

  it('places a cycle nobody reaches', () => {
    const { nodes } = layoutGraph({
      nodes: [
        { id: 'x', label: 'X' },
        { id: 'y', label: 'Y' },
      ],
      edges: [
        { source: 'x', target: 'y' },
        { source: 'y', target: 'x' },
      ],
    });
    expect(nodes.map((n) => n.y)).toEqual([0, ROW_GAP]);
  });
});
