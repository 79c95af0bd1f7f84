import { ACCOUNT_LABELS, emailProblem, VALIDATION_MESSAGES } from '@grasp/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { PinField, TextField } from '../../auth/index.ts';
import { changeEmail } from '../api/changes.ts';
import { ActionNote } from './action-note.tsx';
import { Section } from './section.tsx';
import { useAction } from './use-action.ts';

/** A new address, confirmed from that address; the current one is told (DESIGN.md §14). */
export function EmailSection({ email }: { email: string }) {
  const [next, setNext] = useState('');
  const [pin, setPin] = useState('');
  const { state, run, fail, busy } = useAction();
  const noteId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(next) ?? (pin ? null : VALIDATION_MESSAGES.fillAllFields);
    if (problem) return fail(problem);
    void run(async () => {
      const answer = await changeEmail(pin, next.trim());
      setPin('');
      return answer.message;
    });
  };

  return (
    <Section
      title={ACCOUNT_LABELS.email}
      intro={`Mail goes to ${email}. A new address changes once you open the link we send to it.`}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Change email">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New email"
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={next}
            maxLength={254}
            onChange={(e) => setNext(e.target.value)}
            aria-invalid={(state.status === 'failed' && emailProblem(next) !== null) || undefined}
            aria-describedby={noteId}
          />
          <PinField
            label="Your PIN"
            name="emailPin"
            autoComplete="current-password"
            value={pin}
            onValueChange={setPin}
            aria-describedby={noteId}
          />
        </div>
        <ActionNote state={state} id={noteId} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Change email'}
        </Button>
      </form>
    </Section>
  );
}
