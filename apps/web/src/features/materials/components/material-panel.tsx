import { MATERIAL_ERROR_CODES, type MaterialRef } from '@grasp/contract';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useMaterials } from '../api/use-materials.ts';
import { MaterialDrop } from './material-drop.tsx';
import { MaterialList } from './material-list.tsx';
import { MaterialPasteForm } from './material-paste-form.tsx';
import { UploadProgressBar } from './upload-progress.tsx';

/** Refusals of a PDF that pasting its text gets around: offered beside the message. */
const PASTE_INSTEAD: readonly string[] = [
  MATERIAL_ERROR_CODES.tooManyPages,
  MATERIAL_ERROR_CODES.tooMuchText,
  MATERIAL_ERROR_CODES.tooHeavy,
  MATERIAL_ERROR_CODES.noText,
];

/**
 * "Your material" on /distiller (DESIGN.md §10): add a PDF or pasted text, see what is kept,
 * distil one. Distilling belongs to the distill feature, which the app wires in as `onDistil`.
 */
export function MaterialPanel({
  activeId,
  distilling,
  onDistil,
}: {
  activeId: string | null;
  distilling: boolean;
  onDistil: (material: MaterialRef) => void;
}) {
  const navigate = useNavigate();
  const materials = useMaterials();
  const { list, add } = materials;
  const busy = add.status === 'busy';
  const pasteBox = useRef<HTMLDetailsElement>(null);
  const pasteInstead = () => {
    const box = pasteBox.current;
    if (!box) return;
    box.open = true;
    box.querySelector('textarea')?.focus();
  };
  const distilNew = (material: MaterialRef | null) => {
    if (material) onDistil({ materialId: material.materialId, title: material.title });
  };

  return (
    <section
      aria-labelledby="your-material"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-950"
    >
      <div className="space-y-1">
        <h2 id="your-material" className="text-xl font-semibold text-slate-900 dark:text-slate-100">
          Your material
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Learn from what you are studying: upload a PDF or paste a chapter. Grasp picks out the
          concepts it teaches and explains each one from your own pages, citing them.
        </p>
      </div>
      <MaterialDrop
        disabled={busy}
        onFile={(file) => void materials.uploadFile(file).then(distilNew)}
      />
      <details
        ref={pasteBox}
        className="group rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      >
        <summary className="cursor-pointer rounded font-medium text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-200">
          Or paste text
        </summary>
        <div className="mt-4">
          <MaterialPasteForm
            disabled={busy}
            onSubmit={async (request) => {
              const material = await materials.paste(request);
              distilNew(material);
              return material !== null;
            }}
          />
        </div>
      </details>
      {add.status === 'busy' && (
        <UploadProgressBar progress={add.progress} onCancel={materials.cancelUpload} />
      )}
      {add.status === 'error' && (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40"
        >
          <p className="font-medium text-red-800 dark:text-red-200">{add.message}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {add.code === MATERIAL_ERROR_CODES.limit && (
              <Button onClick={() => navigate(paths.pricing)}>Upgrade Plan</Button>
            )}
            {add.code === MATERIAL_ERROR_CODES.busy && (
              <Button onClick={() => void materials.retryUpload().then(distilNew)}>
                Try again
              </Button>
            )}
            {PASTE_INSTEAD.includes(add.code) && (
              <Button onClick={pasteInstead}>Paste text instead</Button>
            )}
            <Button variant="secondary" onClick={materials.dismissError}>
              Dismiss
            </Button>
          </div>
        </div>
      )}
      {list.status === 'loading' && (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner /> Loading your materials…
        </p>
      )}
      {list.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-red-700 dark:text-red-300">{list.message}</span>
          <Button variant="secondary" onClick={() => void materials.reload()}>
            Try again
          </Button>
        </div>
      )}
      {list.status === 'ready' && (
        <MaterialList
          list={list.data}
          activeId={activeId}
          busy={distilling || busy}
          onDistil={distilNew}
          onDelete={materials.remove}
        />
      )}
    </section>
  );
}
