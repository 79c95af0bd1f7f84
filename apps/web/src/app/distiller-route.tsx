import { DistillerPage } from '../features/distill/distiller-page.tsx';
import { ExplanationActionsContext } from '../features/explain/components/explanation-actions.ts';
import { MaterialPanel } from '../features/materials/index.ts';
import { ShareActions } from '../features/share/components/share-actions.tsx';

/**
 * /distiller: the distill feature's page with the materials feature's area; its explanations
 * carry the share feature's actions.
 */
export function DistillerRoute() {
  return (
    <ExplanationActionsContext value={ShareActions}>
      <DistillerPage
        materialArea={(state) => (
          <MaterialPanel
            activeId={state.material?.materialId ?? null}
            distilling={state.distilling}
            onDistil={(material) => void state.distillMaterial(material)}
          />
        )}
      />
    </ExplanationActionsContext>
  );
}
