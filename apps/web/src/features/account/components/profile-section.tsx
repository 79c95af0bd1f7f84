import { ACCOUNT_LABELS, ACCOUNT_MESSAGES, profileProblem, type User } from '@grasp/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { TextField } from '../../auth/index.ts';
import { updateProfile } from '../api/changes.ts';
import { ActionNote } from './action-note.tsx';
import { Section } from './section.tsx';
import { useAction } from './use-action.ts';

/** Name and mobile number, under the registration rules (SPEC.md §5). */
export function ProfileSection({ user }: { user: User }) {
  const [fullName, setFullName] = useState(user.fullName);
  const [mobile, setMobile] = useState(user.mobile);
  const { state, run, fail, busy } = useAction();
  const noteId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = {
      ...(fullName.trim() !== user.fullName ? { fullName } : {}),
      ...(mobile.trim() !== user.mobile ? { mobile } : {}),
    };
    const problem = profileProblem(changes);
    if (problem) return fail(problem);
    void run(async () => {
      const saved = await updateProfile(changes);
      useAuth.getState().setUser(saved.user);
      return ACCOUNT_MESSAGES.profileSaved;
    });
  };

  const invalid = state.status === 'failed' || undefined;
  return (
    <Section title={ACCOUNT_LABELS.profile}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={ACCOUNT_LABELS.profile}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Full name"
            name="fullName"
            autoComplete="name"
            value={fullName}
            maxLength={100}
            onChange={(e) => setFullName(e.target.value)}
            aria-invalid={(invalid && !fullName.trim()) || undefined}
            aria-describedby={noteId}
          />
          <TextField
            label="Mobile number"
            name="mobile"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={mobile}
            maxLength={10}
            onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
            aria-describedby={noteId}
          />
        </div>
        <ActionNote state={state} id={noteId} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save profile'}
        </Button>
      </form>
    </Section>
  );
}
