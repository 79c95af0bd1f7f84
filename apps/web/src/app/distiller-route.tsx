import { AssignToClass } from '../features/classes/components/assign-to-class.tsx';
import { DistillActionsContext } from '../features/distill/distill-actions.ts';
import { DistillerPage } from '../features/distill/distiller-page.tsx';
import { ExplanationActionsContext } from '../features/explain/components/explanation-actions.ts';
import { MaterialPanel } from '../features/materials/index.ts';
import { ShareActions } from '../features/share/components/share-actions.tsx';

/**
 * /distiller: the distill feature's page with the materials feature's area; its explanations
 * carry the share feature's actions, and a teacher can assign its concepts to a class.
 */
export function DistillerRoute() {
  return (
    <ExplanationActionsContext value={ShareActions}>
      <DistillActionsContext value={AssignToClass}>
        <DistillerPage
          materialArea={(state) => (
            <MaterialPanel
              activeId={state.material?.materialId ?? null}
              distilling={state.distilling}
              onDistil={(material) => void state.distillMaterial(material)}
            />
          )}
        />
      </DistillActionsContext>
    </ExplanationActionsContext>
  );
}
