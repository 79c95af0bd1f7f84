import type { ConceptGraph } from '@grasp/contract';
import { relationTerms } from './blocks.ts';
import type { ExplainContext } from './context.ts';
import type { Sense } from './wordnet.ts';

/** A small concept map from WordNet relations: the concept, its parents, parts and kinds. */
export function buildGraph(ctx: ExplainContext): ConceptGraph {
  const max = ctx.depth.graphNodes;
  const nodes: ConceptGraph['nodes'] = [];
  const edges: ConceptGraph['edges'] = [];

  function node(label: string): string | undefined {
    const id =
      label
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '') || 'node';
    if (nodes.some((n) => n.id === id)) return id;
    if (nodes.length >= max) return undefined;
    nodes.push({ id, label });
    return id;
  }

  function edge(from: string | undefined, to: string | undefined, label: string): void {
    if (from && to && from !== to && !edges.some((e) => e.source === from && e.target === to)) {
      edges.push({ source: from, target: to, label });
    }
  }

  function addSense(sense: Sense, centre: string | undefined, share: number): void {
    let child = centre;
    for (const parent of sense.hypernyms.slice(0, Math.max(1, Math.ceil(share / 3)))) {
      const id = node(parent);
      edge(child, id, 'is a');
      child = id;
    }
    for (const kind of sense.kinds.slice(0, Math.ceil(share / 3))) edge(node(kind), centre, 'is a');
    for (const part of sense.parts.slice(0, Math.ceil(share / 4))) {
      edge(centre, node(part), 'has part');
    }
    for (const whole of sense.partOf.slice(0, 1)) edge(centre, node(whole), 'part of');
    const related = relationTerms(
      sense,
      ['derivation', 'antonym', 'similar', 'domain', 'pertainym'],
      2,
    );
    for (const term of related.slice(0, Math.floor(share / 4))) edge(centre, node(term), 'related');
  }

  const { subject, main, extras } = ctx;
  if (subject.whole) {
    addSense(main, node(main.lemma), max - 1);
  } else {
    const root = node(subject.query);
    const senses = [main, ...extras];
    const centres = senses.map((s) => node(s.lemma));
    const share = Math.floor((max - 1 - senses.length) / senses.length) + 1;
    for (const [i, sense] of senses.entries()) {
      edge(root, centres[i], 'involves');
      addSense(sense, centres[i], share);
    }
  }
  return { nodes, edges };
}
