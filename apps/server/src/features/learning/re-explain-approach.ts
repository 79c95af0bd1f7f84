import { RE_EXPLAIN_APPROACHES, type ReExplainApproach, type TemplateId } from '@grasp/contract';

/** The way each style already tells a concept; a re-explanation never repeats it. */
const FIRST_WAY: Partial<Record<TemplateId, ReExplainApproach>> = {
  default: 'example',
  problemSolutionBenefit: 'example',
  academicEssayResponse: 'example',
  storytelling: 'analogy',
  buildingBlocks: 'steps',
  historicalTimeline: 'steps',
};

/** The next way to tell a section again: one not yet used for it, else the least recent. */
export function nextApproach(template: TemplateId, used: readonly string[]): ReExplainApproach {
  const allowed = RE_EXPLAIN_APPROACHES.filter((a) => a !== FIRST_WAY[template]);
  const fresh = allowed.find((a) => !used.includes(a));
  if (fresh) return fresh;
  const lastUse = (a: ReExplainApproach) => used.lastIndexOf(a);
  return [...allowed].sort((a, b) => lastUse(a) - lastUse(b))[0] ?? 'analogy';
}
