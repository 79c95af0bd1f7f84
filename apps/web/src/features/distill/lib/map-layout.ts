import type { DistillResponse } from '@grasp/contract';

type Prerequisite = DistillResponse['prerequisites'][number];

export interface MapNode {
  id: string;
  /** 0 for a concept that needs none of the others; else one more than its deepest prerequisite. */
  layer: number;
  x: number;
  y: number;
}

export interface MapEdge {
  id: string;
  source: string;
  target: string;
}

export const MAP_COLUMN_GAP = 165;
export const MAP_ROW_GAP = 95;

/**
 * The learning map's layout: foundational concepts on top, each concept one row below its
 * deepest prerequisite, so every arrow points down; a row keeps the list's order and is centred.
 * Pairs naming unknown concepts are ignored, and a cycle (the server breaks them) cannot loop.
 */
export function layoutLearningMap(
  concepts: readonly string[],
  prerequisites: readonly Prerequisite[],
  maxPerRow = Number.POSITIVE_INFINITY,
): { nodes: MapNode[]; edges: MapEdge[] } {
  const known = new Set(concepts);
  const pairs = prerequisites.filter(
    (p) => known.has(p.from) && known.has(p.to) && p.from !== p.to,
  );
  const before = new Map<string, string[]>();
  for (const { from, to } of pairs) before.set(to, [...(before.get(to) ?? []), from]);

  const layers = new Map<string, number>();
  const visiting = new Set<string>();
  const layerOf = (name: string): number => {
    const done = layers.get(name);
    if (done !== undefined) return done;
    if (visiting.has(name)) return 0;
    visiting.add(name);
    const layer = Math.max(-1, ...(before.get(name) ?? []).map(layerOf)) + 1;
    visiting.delete(name);
    layers.set(name, layer);
    return layer;
  };

  const byLayer = new Map<number, string[]>();
  for (const name of concepts) {
    const layer = layerOf(name);
    byLayer.set(layer, [...(byLayer.get(layer) ?? []), name]);
  }
  // A layer wider than a narrow map allows wraps onto rows of its own, still above the next.
  const rows: string[][] = [];
  for (const layer of [...byLayer.keys()].sort((a, b) => a - b)) {
    const names = byLayer.get(layer) ?? [];
    for (let i = 0; i < names.length; i += Math.max(1, maxPerRow)) {
      rows.push(names.slice(i, i + Math.max(1, maxPerRow)));
    }
  }
  const placed = new Map<string, { x: number; y: number }>();
  rows.forEach((row, r) => {
    row.forEach((id, i) => {
      placed.set(id, { x: (i - (row.length - 1) / 2) * MAP_COLUMN_GAP, y: r * MAP_ROW_GAP });
    });
  });
  const nodes = concepts.map(
    (id): MapNode => ({ id, layer: layers.get(id) ?? 0, ...(placed.get(id) ?? { x: 0, y: 0 }) }),
  );
  const edges = pairs.map((p) => ({ id: `${p.from}→${p.to}`, source: p.from, target: p.to }));
  return { nodes, edges };
}
