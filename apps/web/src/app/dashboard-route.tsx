import { ExplanationActionsContext } from '../features/explain/components/explanation-actions.ts';
import { DashboardPage, type DashboardResultSlots } from '../features/explain/dashboard-page.tsx';
import { learningSlots } from '../features/learning/learning-slots.tsx';
import { RevokeShareButton } from '../features/share/components/revoke-share-button.tsx';
import { ShareActions } from '../features/share/components/share-actions.tsx';

/** The learning loop's parts, placed in the explanation the dashboard shows. */
const withLearning: DashboardResultSlots = (concept, actions) =>
  learningSlots({
    explanationId: concept.content.explanationId,
    query: concept.query,
    suggestedQuestions: concept.content.suggestedQuestions,
    onChooseProvider: actions.chooseProvider,
    provider: actions.provider,
  });

/** /dashboard: the explain feature's page, composed here with the learning and share features' parts. */
export function DashboardRoute() {
  return (
    <ExplanationActionsContext value={ShareActions}>
      <DashboardPage
        resultSlots={withLearning}
        recentItemAction={(item) => <RevokeShareButton query={item.query} />}
      />
    </ExplanationActionsContext>
  );
}
