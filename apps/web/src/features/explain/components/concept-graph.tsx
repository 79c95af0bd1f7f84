import '@xyflow/react/dist/style.css';
import { GRAPH_SNAP_GRID, GRAPH_ZOOM, type ConceptGraph as Graph } from '@grasp/contract';
import { Background, Controls, type Edge, type Node, ReactFlow } from '@xyflow/react';
import { useMemo } from 'react';
import { useSettings } from '../../settings/settings-store.ts';
import { layoutGraph } from '../lib/graph-layout.ts';

/**
 * The concept map of an answer. Loaded on demand (React Flow is large) and only when the
 * answer has a graph.
 */
export default function ConceptGraph({ graph }: { graph: Graph }) {
  const darkMode = useSettings((s) => s.darkMode);
  const { nodes, edges } = useMemo(() => {
    const placed = layoutGraph(graph);
    return {
      nodes: placed.nodes.map(
        (n): Node => ({ id: n.id, position: { x: n.x, y: n.y }, data: { label: n.label } }),
      ),
      edges: placed.edges.map(
        (e): Edge => ({ id: e.id, source: e.source, target: e.target, label: e.label }),
      ),
    };
  }, [graph]);

  return (
    <div className="h-80 w-full overflow-hidden rounded-xl border border-slate-200 sm:h-96 print:hidden dark:border-slate-800">
      <ReactFlow
        defaultNodes={nodes}
        defaultEdges={edges}
        minZoom={GRAPH_ZOOM.min}
        maxZoom={GRAPH_ZOOM.max}
        snapToGrid
        snapGrid={[GRAPH_SNAP_GRID, GRAPH_SNAP_GRID]}
        colorMode={darkMode ? 'dark' : 'light'}
        fitView
        aria-label="Concept map"
      >
        <Background gap={GRAPH_SNAP_GRID} />
        <Controls />
      </ReactFlow>
    </div>
  );
}
