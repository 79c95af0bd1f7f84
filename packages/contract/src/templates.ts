/** Explanation styles of SPEC.md §3; premium per §6. */
export const TEMPLATE_IDS = [
  'default',
  'problemSolutionBenefit',
  'storytelling',
  'buildingBlocks',
  'questionAnswer',
  'academicEssayResponse',
  'historicalTimeline',
  'historicalContext',
  'historicalBiography',
] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export interface Template {
  id: TemplateId;
  name: string;
  description: string;
  premium: boolean;
  /** Shown in the six-style picker; the historical ones are used by the distiller. */
  selectable: boolean;
}

export const TEMPLATES: readonly Template[] = [
  {
    id: 'default',
    name: 'Standard',
    description: 'Clear definition with examples',
    premium: false,
    selectable: true,
  },
  {
    id: 'problemSolutionBenefit',
    name: 'Problem-Solution',
    description: 'Solution to a problem',
    premium: true,
    selectable: true,
  },
  {
    id: 'storytelling',
    name: 'Storytelling',
    description: 'Through a narrative',
    premium: true,
    selectable: true,
  },
  {
    id: 'buildingBlocks',
    name: 'Building Blocks',
    description: 'Fundamental components',
    premium: true,
    selectable: true,
  },
  {
    id: 'questionAnswer',
    name: 'Q&A Format',
    description: 'Common questions',
    premium: true,
    selectable: true,
  },
  {
    id: 'academicEssayResponse',
    name: 'Exam Format',
    description: 'Academic style',
    premium: true,
    selectable: true,
  },
  {
    id: 'historicalTimeline',
    name: 'Historical Timeline',
    description: 'Key events in order',
    premium: true,
    selectable: false,
  },
  {
    id: 'historicalContext',
    name: 'Historical Context',
    description: 'The world it came from',
    premium: true,
    selectable: false,
  },
  {
    id: 'historicalBiography',
    name: 'Historical Biography',
    description: 'The people behind it',
    premium: true,
    selectable: false,
  },
];

export const HISTORICAL_TEMPLATE_IDS = [
  'historicalTimeline',
  'historicalContext',
  'historicalBiography',
] as const satisfies readonly TemplateId[];

export const DEFAULT_TEMPLATE: TemplateId = 'default';

export function findTemplate(id: string): Template | undefined {
  return TEMPLATES.find((t) => t.id === id);
}

/** Label for a template id; unknown ids read "Template" (SPEC.md §3). */
export function templateLabel(id: string): string {
  return findTemplate(id)?.name ?? 'Template';
}

export function isPremiumTemplate(id: string): boolean {
  return findTemplate(id)?.premium ?? false;
}
