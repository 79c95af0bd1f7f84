import { type MaterialList as List, MATERIAL_MESSAGES } from '@grasp/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

type Item = List['materials'][number];

function describe(material: Item): string {
  const size = `${material.chars.toLocaleString('en-US')} characters`;
  if (!material.pages) return `Pasted text · ${size}`;
  return `PDF · ${material.pages} ${material.pages === 1 ? 'page' : 'pages'} · ${size}`;
}

/** One material: distil it, or delete it after saying what deleting keeps. */
function MaterialRow({
  material,
  active,
  busy,
  onDistil,
  onDelete,
}: {
  material: Item;
  active: boolean;
  busy: boolean;
  onDistil: () => void;
  onDelete: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setDeleting(true);
    setError(null);
    try {
      await onDelete();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MATERIAL_MESSAGES.uploadFailed);
      setDeleting(false);
      setConfirming(false);
    }
  };
  return (
    <li
      className={`rounded-xl border p-4 ${active ? 'border-indigo-400 bg-indigo-50/60 dark:border-indigo-500 dark:bg-indigo-950/30' : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900 dark:text-slate-100">
            {material.title}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{describe(material)}</p>
        </div>
        {!confirming && (
          <div className="flex w-full gap-2 sm:w-auto">
            <Button className="flex-1 sm:flex-none" disabled={busy} onClick={onDistil}>
              Distil
            </Button>
            <Button
              variant="secondary"
              className="flex-1 sm:flex-none"
              aria-label={`Delete ${material.title}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      {confirming && (
        <fieldset className="mt-3 space-y-3">
          <legend className="sr-only">Delete {material.title}?</legend>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {MATERIAL_MESSAGES.deleteConfirm}
          </p>
          <div className="flex gap-2">
            <Button
              // Focus moves here so the keyboard user lands on the choice just opened.
              autoFocus
              disabled={deleting}
              onClick={() => void remove()}
              className="bg-red-600 hover:bg-red-700 disabled:bg-red-400"
            >
              {deleting ? 'Deleting…' : 'Yes, delete'}
            </Button>
            <Button variant="secondary" disabled={deleting} onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </li>
  );
}

export function MaterialList({
  list,
  activeId,
  busy,
  onDistil,
  onDelete,
}: {
  list: List;
  activeId: string | null;
  busy: boolean;
  onDistil: (material: Item) => void;
  onDelete: (materialId: string) => Promise<void>;
}) {
  if (list.materials.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{MATERIAL_MESSAGES.empty}</p>;
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {list.limit === null
          ? `${list.materials.length} kept`
          : `${list.materials.length} of ${list.limit} kept on your plan`}
      </p>
      <ul className="space-y-2" aria-label="Your materials">
        {list.materials.map((m) => (
          <MaterialRow
            key={m.materialId}
            material={m}
            active={m.materialId === activeId}
            busy={busy}
            onDistil={() => onDistil(m)}
            onDelete={() => onDelete(m.materialId)}
          />
        ))}
      </ul>
    </div>
  );
}
