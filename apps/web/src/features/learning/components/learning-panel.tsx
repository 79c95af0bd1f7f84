import { useEffect } from 'react';
import { useLearningStore } from '../stores/learning-store.ts';
import { FollowUpSection } from './follow-up-section.tsx';
import { QuizSection } from './quiz-section.tsx';

export interface LearningPanelProps {
  explanationId: string;
  query: string;
  suggestedQuestions: readonly string[];
  /** Leads to the AI provider choice, for what the offline dictionary cannot do. */
  onChooseProvider?: () => void;
}

/** Under an explanation: follow-up questions and "Check yourself", loaded from its record. */
export function LearningPanel(props: LearningPanelProps) {
  const { explanationId } = props;
  const load = useLearningStore((s) => s.load);

  useEffect(() => {
    void load(explanationId);
  }, [load, explanationId]);

  return (
    <div className="space-y-6">
      <FollowUpSection {...props} />
      <QuizSection explanationId={explanationId} onChooseProvider={props.onChooseProvider} />
    </div>
  );
}
