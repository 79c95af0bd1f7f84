import type { ProviderId } from '@grasp/contract';
import { useEffect, useMemo } from 'react';
import { useLearningStore } from '../stores/learning-store.ts';
import { FollowUpSection } from './follow-up-section.tsx';
import { LearningHostContext } from './learning-host.ts';
import { QuizSection } from './quiz-section.tsx';

export interface LearningPanelProps {
  explanationId: string;
  query: string;
  suggestedQuestions: readonly string[];
  /** Leads to the AI provider choice, for what the offline dictionary cannot do. */
  onChooseProvider?: () => void;
  /** The provider chosen on the page now; undefined lets the server use the explanation's. */
  provider?: () => ProviderId | undefined;
}

/** Under an explanation: follow-up questions and "Check yourself", loaded from its record. */
export function LearningPanel({
  explanationId,
  query,
  suggestedQuestions,
  onChooseProvider,
  provider,
}: LearningPanelProps) {
  const load = useLearningStore((s) => s.load);
  const host = useMemo(
    () => ({ chooseProvider: onChooseProvider, provider }),
    [onChooseProvider, provider],
  );

  useEffect(() => {
    void load(explanationId);
  }, [load, explanationId]);

  return (
    <LearningHostContext value={host}>
      <div className="space-y-6">
        <FollowUpSection
          explanationId={explanationId}
          query={query}
          suggestedQuestions={suggestedQuestions}
        />
        <QuizSection explanationId={explanationId} />
      </div>
    </LearningHostContext>
  );
}
