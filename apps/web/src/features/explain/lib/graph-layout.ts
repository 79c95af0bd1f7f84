import type { ConceptGraph } from '@grasp/contract';

export interface PlacedNode {
  id: string;
  label: string;
  x: number;
  y: number;
}

export interface PlacedEdge {
  id: string;
  source: string;
  target: string;
  label?: string;
}

export const COLUMN_GAP = 210;
export const ROW_GAP = 120;

/**
 * Layered layout: nodes nobody points at form the top row, each other node sits one row below
 * the first node that reaches it, rows are centred. Edges to unknown nodes are dropped.
 */
export function layoutGraph(graph: ConceptGraph): { nodes: PlacedNode[]; edges: PlacedEdge[] } {
  const ids = new Set(graph.nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  const targets = new Set(edges.map((e) => e.target));
  const depth = new Map<string, number>();
  const queue: string[] = [];
  const enqueue = (id: string, level: number) => {
    if (depth.has(id)) return;
    depth.set(id, level);
    queue.push(id);
  };
  const drain = () => {
    while (queue.length > 0) {
      const id = queue.shift() ?? '';
      const level = depth.get(id) ?? 0;
      for (const edge of edges) if (edge.source === id) enqueue(edge.target, level + 1);
    }
  };
  for (const node of graph.nodes) if (!targets.has(node.id)) enqueue(node.id, 0);
  drain();
  // Nodes in a cycle that no root reaches start a tree of their own.
  for (const node of graph.nodes) {
    enqueue(node.id, 0);
    drain();
  }

  const rows = new Map<number, string[]>();
  for (const node of graph.nodes) {
    const level = depth.get(node.id) ?? 0;
    rows.set(level, [...(rows.get(level) ?? []), node.id]);
  }
  const nodes = graph.nodes.map((node): PlacedNode => {
    const level = depth.get(node.id) ?? 0;
    const row = rows.get(level) ?? [node.id];
    const column = row.indexOf(node.id);
    return {
      id: node.id,
      label: node.label,
      x: (column - (row.length - 1) / 2) * COLUMN_GAP,
      y: level * ROW_GAP,
    };
  });
  return {
    nodes,
    edges: edges.map((e, index) => ({ ...e, id: `${e.source}->${e.target}#${index}` })),
  };
}
