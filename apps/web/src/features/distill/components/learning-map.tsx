import '@xyflow/react/dist/style.css';
import { GRAPH_ZOOM } from '@grasp/contract';
import {
  Background,
  Controls,
  type Edge,
  Handle,
  MarkerType,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import { useSettings } from '../../settings/settings-store.ts';
import { layoutLearningMap } from '../lib/map-layout.ts';
import type { DistilledConcept, Prerequisite } from '../stores/distill-store.ts';
import { STATUS_LOOKS } from './concept-status.tsx';

type ConceptNodeData = { name: string; status: DistilledConcept['status']; loading: boolean };
type ConceptNode = Node<ConceptNodeData, 'concept'>;

const HIDDEN_HANDLE = '!h-1 !w-1 !min-w-0 !border-0 !bg-transparent';

function ConceptNodeView({ data }: NodeProps<ConceptNode>) {
  const look = STATUS_LOOKS[data.status];
  return (
    <div
      data-testid="map-node"
      data-status={data.status}
      title={`Explain ${data.name}`}
      className={`w-36 cursor-pointer rounded-xl border-2 px-2 py-1.5 text-center shadow-sm hover:shadow-md ${look.node}`}
    >
      <Handle
        type="target"
        position={Position.Top}
        isConnectable={false}
        className={HIDDEN_HANDLE}
      />
      <p className="text-sm leading-snug font-semibold break-words">{data.name}</p>
      <p className="mt-0.5 text-xs">
        <span aria-hidden="true">{data.loading ? '…' : look.icon}</span>{' '}
        {data.loading ? 'Explaining' : look.label}
      </p>
      <Handle
        type="source"
        position={Position.Bottom}
        isConnectable={false}
        className={HIDDEN_HANDLE}
      />
    </div>
  );
}

const NODE_TYPES = { concept: ConceptNodeView };

/** Two nodes a row on a phone, three where the map has room: the text stays readable. */
function useMaxPerRow(): number {
  const query = '(min-width: 640px)';
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setWide(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return wide ? 3 : 2;
}

/**
 * The distilled concepts as a map (React Flow, loaded only when shown): foundational concepts
 * on top, arrows from a prerequisite to what builds on it, coloured and labelled by status.
 * A click explains the concept. Mouse only: the list beside it serves keyboards and readers.
 */
export default function LearningMap({
  concepts,
  prerequisites,
  onSelect,
}: {
  concepts: readonly DistilledConcept[];
  prerequisites: readonly Prerequisite[];
  onSelect: (name: string) => void;
}) {
  const darkMode = useSettings((s) => s.darkMode);
  const perRow = useMaxPerRow();
  const names = concepts.map((c) => c.name).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the layout depends on the names only.
  const layout = useMemo(
    () =>
      layoutLearningMap(
        concepts.map((c) => c.name),
        prerequisites,
        perRow,
      ),
    [names, prerequisites, perRow],
  );
  const nodes = useMemo(
    () =>
      layout.nodes.map((n): ConceptNode => {
        const concept = concepts.find((c) => c.name === n.id);
        return {
          id: n.id,
          type: 'concept',
          position: { x: n.x, y: n.y },
          data: {
            name: n.id,
            status: concept?.status ?? 'new',
            loading: concept?.loading ?? false,
          },
        };
      }),
    [layout, concepts],
  );
  const edges = useMemo(() => {
    // slate-500 on light, slate-400 on dark: arrows as clear as the nodes' text.
    const color = darkMode ? '#94a3b8' : '#64748b';
    return layout.edges.map(
      (e): Edge => ({
        ...e,
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16, color },
        style: { strokeWidth: 1.5, stroke: color },
      }),
    );
  }, [layout, darkMode]);

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onNodeClick={(_event, node) => onSelect(node.id)}
      nodesDraggable={false}
      nodesConnectable={false}
      nodesFocusable={false}
      edgesFocusable={false}
      elementsSelectable={false}
      minZoom={GRAPH_ZOOM.min / 2}
      maxZoom={GRAPH_ZOOM.max}
      colorMode={darkMode ? 'dark' : 'light'}
      // The panel's own colours show through, in both themes.
      style={{ backgroundColor: 'transparent' }}
      fitView
      fitViewOptions={{ padding: 0.1, maxZoom: 1.1 }}
      aria-label="Learning map"
    >
      <Background bgColor="transparent" />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}
