import { MATERIAL_PDF_MAX_BYTES } from '@grasp/contract';
import { type DragEvent, useId, useState } from 'react';

const MAX_MB = MATERIAL_PDF_MAX_BYTES / 1024 / 1024;

/** Drop a PDF on it, or choose one: the file input stays the focusable, labelled control. */
export function MaterialDrop({
  onFile,
  disabled,
}: {
  onFile: (file: File) => void;
  disabled: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <div>
      <input
        id={inputId}
        type="file"
        accept="application/pdf,.pdf"
        disabled={disabled}
        aria-describedby={hintId}
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 ${
          over
            ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40'
            : 'border-slate-300 bg-slate-50 hover:border-indigo-400 dark:border-slate-700 dark:bg-slate-900/60'
        }`}
      >
        <span className="font-semibold text-slate-800 dark:text-slate-100">
          Drop a PDF here, or{' '}
          <span className="text-indigo-700 underline dark:text-indigo-300">choose a file</span>
        </span>
        <span id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          PDF with selectable text, up to {MAX_MB} MB. The file itself is not kept, only its text.
        </span>
      </label>
    </div>
  );
}
