import type { ProviderId } from '@grasp/contract';
import { createContext, useContext } from 'react';

/** What the page hosting the learning parts offers them. */
export interface LearningHost {
  /** Leads to the AI provider choice, for what the offline dictionary cannot do. */
  chooseProvider?: () => void;
  /** The provider chosen on the page now: it answers follow-ups, quizzes and re-explanations. */
  provider?: () => ProviderId | undefined;
}

export const LearningHostContext = createContext<LearningHost>({});

export function useLearningHost(): LearningHost {
  return useContext(LearningHostContext);
}
