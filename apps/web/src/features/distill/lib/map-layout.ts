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

export const MAP_COLUMN_GAP = 190;
export const MAP_ROW_GAP = 110;

/**
 * The learning map's layout: foundational concepts on top, each concept one row below its
 * deepest prerequisite, so every arrow points down; a row keeps the list's order and is centred.
 * Pairs naming unknown concepts are ignored, and a cycle (the server breaks them) cannot loop.
 */
export function layoutLearningMap(
  concepts: readonly string[],
  prerequisites: readonly Prerequisite[],
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

  const rows = new Map<number, string[]>();
  for (const name of concepts) {
    const layer = layerOf(name);
    rows.set(layer, [...(rows.get(layer) ?? []), name]);
  }
  const nodes = concepts.map((id): MapNode => {
    const layer = layers.get(id) ?? 0;
    const row = rows.get(layer) ?? [id];
    return {
      id,
      layer,
      x: (row.indexOf(id) - (row.length - 1) / 2) * MAP_COLUMN_GAP,
      y: layer * MAP_ROW_GAP,
    };
  });
  const edges = pairs.map((p) => ({ id: `${p.from}→${p.to}`, source: p.from, target: p.to }));
  return { nodes, edges };
}
