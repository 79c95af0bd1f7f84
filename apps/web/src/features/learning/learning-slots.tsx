import type { ReactNode } from 'react';
import { LearningPanel, type LearningPanelProps } from './components/learning-panel.tsx';
import { RevisitedBadge, SectionRetelling } from './components/section-retelling.tsx';
import { sectionAnchorId } from './lib/section-anchor.ts';

/** What the learning loop adds to a page showing an explanation (the app places it). */
export interface LearningSlots {
  section: (section: { title: string }) => { id: string; badge: ReactNode; extra: ReactNode };
  afterSections: ReactNode;
}

/**
 * The learning loop around one explanation: each section's card gets an anchor, a Revisited
 * label and its re-explanations; under the sections come follow-ups and the quiz.
 */
export function learningSlots(props: LearningPanelProps): LearningSlots {
  const { explanationId } = props;
  return {
    section: ({ title }) => ({
      id: sectionAnchorId(title),
      badge: <RevisitedBadge explanationId={explanationId} section={title} />,
      extra: <SectionRetelling explanationId={explanationId} section={title} />,
    }),
    afterSections: <LearningPanel key={explanationId} {...props} />,
  };
}
