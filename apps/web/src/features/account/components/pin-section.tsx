import { ACCOUNT_LABELS, newPinProblem, VALIDATION_MESSAGES } from '@grasp/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { PinField } from '../../auth/index.ts';
import { changePin } from '../api/changes.ts';
import { ActionNote } from './action-note.tsx';
import { Section } from './section.tsx';
import { useAction } from './use-action.ts';

/** A new PIN, with the current one; the learner's other sessions end. */
export function PinSection() {
  const [current, setCurrent] = useState('');
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const { state, run, fail, busy } = useAction();
  const noteId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = current ? newPinProblem(pin, confirm) : VALIDATION_MESSAGES.fillAllFields;
    if (problem) return fail(problem);
    void run(async () => {
      const answer = await changePin(current, pin, confirm);
      setCurrent('');
      setPin('');
      setConfirm('');
      return answer.message;
    });
  };

  return (
    <Section title={ACCOUNT_LABELS.pin} intro="Changing it signs out your other sessions.">
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Change PIN">
        <div className="grid gap-4 sm:grid-cols-3">
          <PinField
            label="Current PIN"
            name="currentPin"
            autoComplete="current-password"
            value={current}
            onValueChange={setCurrent}
            aria-describedby={noteId}
          />
          <PinField
            label="New PIN"
            name="newPin"
            autoComplete="new-password"
            value={pin}
            onValueChange={setPin}
            aria-describedby={noteId}
          />
          <PinField
            label="Confirm new PIN"
            name="confirmPin"
            autoComplete="new-password"
            value={confirm}
            onValueChange={setConfirm}
            aria-describedby={noteId}
          />
        </div>
        <ActionNote state={state} id={noteId} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Changing...' : 'Change PIN'}
        </Button>
      </form>
    </Section>
  );
}
