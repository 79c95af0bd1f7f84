import { ACCOUNT_LABELS, VALIDATION_MESSAGES } from '@grasp/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { PinField, TextField } from '../../auth/index.ts';
import { deleteAccount } from '../api/delete-account.ts';
import { ActionNote } from './action-note.tsx';
import { Section } from './section.tsx';
import { useAction } from './use-action.ts';

const DANGER =
  'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-400 dark:bg-red-600 dark:hover:bg-red-700';

/** Deletion, in one dialog that asks for the username typed out and the PIN (DESIGN.md §14). */
export function DeleteAccountSection({ username }: { username: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const [pin, setPin] = useState('');
  const { state, run, fail, busy } = useAction();
  const titleId = useId();
  const noteId = useId();
  const matches = typed.trim() === username;

  const open = () => {
    setTyped('');
    setPin('');
    dialogRef.current?.showModal();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return fail(`Please type ${username} to confirm`);
    if (!pin) return fail(VALIDATION_MESSAGES.fillAllFields);
    void run(async () => {
      await deleteAccount(pin);
      dialogRef.current?.close();
      useAuth.getState().signOut(true);
      // A fresh load of / as a visitor: the signed-in pages must not get a turn to redirect.
      window.location.replace(paths.home);
      return '';
    });
  };

  return (
    <Section
      title={ACCOUNT_LABELS.deletion}
      tone="danger"
      intro="Your account and everything in it go at once and for good. Tax invoices of payments stay, as issued, for the period the law requires."
    >
      <Button className={DANGER} onClick={open}>
        {ACCOUNT_LABELS.deleteAccount}
      </Button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <form noValidate onSubmit={submit} className="space-y-4">
          <h2 id={titleId} className="text-xl font-bold">
            Delete your account?
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Explanations, recaps, materials, classes you teach, sessions and settings are deleted at
            once. This cannot be undone. Download your data first if you want to keep it.
          </p>
          <TextField
            label={`Type your username (${username}) to confirm`}
            name="confirmUsername"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-describedby={noteId}
          />
          <PinField
            label="Your PIN"
            name="deletePin"
            autoComplete="current-password"
            value={pin}
            onValueChange={setPin}
            aria-describedby={noteId}
          />
          <ActionNote state={state} id={noteId} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => dialogRef.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" className={DANGER} disabled={busy || !matches}>
              {busy ? 'Deleting...' : ACCOUNT_LABELS.deleteAccount}
            </Button>
          </div>
        </form>
      </dialog>
    </Section>
  );
}
