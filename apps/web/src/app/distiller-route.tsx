import { DistillerPage } from '../features/distill/distiller-page.tsx';
import { ExplanationActionsContext } from '../features/explain/components/explanation-actions.ts';
import { ShareActions } from '../features/share/components/share-actions.tsx';

/** /distiller: the distill feature's page; its explanations carry the share feature's actions. */
export function DistillerRoute() {
  return (
    <ExplanationActionsContext value={ShareActions}>
      <DistillerPage />
    </ExplanationActionsContext>
  );
}
