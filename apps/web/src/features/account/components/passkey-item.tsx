import {
  PASSKEY_LABELS as L,
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX,
  type Passkey,
  passkeyNameSchema,
} from '@grasp/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { StrokeIcon } from '../../../components/ui/stroke-icon.tsx';

export type ItemMode = 'view' | 'rename' | 'confirm';

const day = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

const inputClass =
  'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';
const dangerClass =
  'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-400 dark:bg-red-700 dark:hover:bg-red-600';

function KeyIcon() {
  return (
    <StrokeIcon className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600 dark:text-indigo-400">
      <circle cx="8" cy="15" r="4" />
      <path d="M10.85 12.15 19 4M18 5l2 2M15 8l2 2" />
    </StrokeIcon>
  );
}

function RenameForm({
  passkey,
  busy,
  onSave,
  onCancel,
}: {
  passkey: Passkey;
  busy: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(passkey.name);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem(PASSKEY_MESSAGES.nameRequired);
      inputRef.current?.focus();
      return;
    }
    onSave(parsed.data);
  };
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };

  return (
    <form noValidate onSubmit={submit} onKeyDown={cancelOnEscape} className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {L.nameField}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        value={name}
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        className={inputClass}
      />
      {problem ? (
        <p id={`${inputId}-problem`} className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? L.saving : L.save}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {L.cancel}
        </Button>
      </div>
    </form>
  );
}

function ConfirmRemove({
  passkey,
  busy,
  onRemove,
  onKeep,
}: {
  passkey: Passkey;
  busy: boolean;
  onRemove: () => void;
  onKeep: () => void;
}) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  // The safe answer takes the focus: Enter on a stray keypress keeps the passkey.
  useEffect(() => keepRef.current?.focus(), []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: an inline question, not a fieldset of inputs
    <div
      role="group"
      aria-labelledby={questionId}
      onKeyDown={(event) => event.key === 'Escape' && onKeep()}
      className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 dark:border-red-900/60 dark:bg-red-950/40"
    >
      <p id={questionId} className="text-sm font-medium text-red-900 dark:text-red-100">
        {L.confirmRemove(passkey.name)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button className={dangerClass} onClick={onRemove} disabled={busy}>
          {busy ? L.removing : L.confirmRemoveAction}
        </Button>
        <Button variant="secondary" ref={keepRef} onClick={onKeep} disabled={busy}>
          {L.keep}
        </Button>
      </div>
    </div>
  );
}

/** One passkey: its name and dates, with rename and remove (after a question) in place. */
export function PasskeyItem({
  passkey,
  mode,
  busy,
  focusOnView,
  onMode,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  mode: ItemMode;
  busy: boolean;
  /** Takes the focus back to "Rename" when returning from a form the learner used. */
  focusOnView: boolean;
  onMode: (mode: ItemMode) => void;
  onRename: (name: string) => void;
  onRemove: () => void;
}) {
  const renameRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (mode === 'view' && focusOnView) renameRef.current?.focus();
  }, [mode, focusOnView]);

  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0">
      <KeyIcon />
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <p className="font-medium break-words">{passkey.name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {L.added(day(passkey.createdAt))} ·{' '}
            {L.lastUsed(passkey.lastUsedAt ? day(passkey.lastUsedAt) : null)}
          </p>
        </div>
        {mode === 'rename' ? (
          <RenameForm
            passkey={passkey}
            busy={busy}
            onSave={onRename}
            onCancel={() => onMode('view')}
          />
        ) : mode === 'confirm' ? (
          <ConfirmRemove
            passkey={passkey}
            busy={busy}
            onRemove={onRemove}
            onKeep={() => onMode('view')}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              ref={renameRef}
              onClick={() => onMode('rename')}
              aria-label={`${L.rename} ${passkey.name}`}
            >
              {L.rename}
            </Button>
            <Button
              variant="secondary"
              onClick={() => onMode('confirm')}
              aria-label={`${L.remove} ${passkey.name}`}
            >
              {L.remove}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
