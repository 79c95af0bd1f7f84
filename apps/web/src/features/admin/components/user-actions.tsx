import {
  ADMIN_MAX_UNIT_GRANT,
  type AdminUserDetail,
  PLAN_IDS,
  type PlanId,
  planName,
} from '@grasp/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { userActions } from '../api/admin-api.ts';
import { useCanWrite } from '../hooks/use-staff.ts';
import { count } from '../lib/format.ts';
import { ActionDialog } from './action-dialog.tsx';
import { inputClass, labelClass } from './field.ts';
import { ReadOnlyNote } from './read-only-note.tsx';

type Action = 'plan' | 'units' | 'sessions' | 'disable' | 'enable';
type Detail = AdminUserDetail;

interface DialogProps {
  detail: Detail;
  onClose: () => void;
  onDone: () => void;
}

function PlanDialog({ detail, onClose, onDone }: DialogProps) {
  const { user } = detail;
  const [plan, setPlan] = useState<PlanId>(PLAN_IDS.find((p) => p !== user.plan) ?? 'free');
  const id = useId();
  return (
    <ActionDialog
      title="Change plan"
      summary={
        <p>
          Moves <strong>{user.username}</strong> from {planName(user.plan)} to {planName(plan)},
          with a fresh cycle.
        </p>
      }
      confirmLabel="Change plan"
      doneMessage={`${user.username} is now on ${planName(plan)}.`}
      validate={() =>
        plan === user.plan ? `${user.username} is already on ${planName(plan)}.` : null
      }
      action={(reason) => userActions.plan(user.id, plan, reason)}
      onClose={onClose}
      onDone={onDone}
    >
      <div>
        <label htmlFor={id} className={labelClass}>
          New plan
        </label>
        <select
          id={id}
          value={plan}
          onChange={(e) => setPlan(e.target.value as PlanId)}
          className={inputClass}
        >
          {PLAN_IDS.map((p) => (
            <option key={p} value={p}>
              {planName(p)}
              {p === user.plan ? ' (current)' : ''}
            </option>
          ))}
        </select>
      </div>
    </ActionDialog>
  );
}

function UnitsDialog({ detail, onClose, onDone }: DialogProps) {
  const { user } = detail;
  const [units, setUnits] = useState('10');
  const id = useId();
  const value = Number(units);
  const valid = Number.isInteger(value) && value >= 1 && value <= ADMIN_MAX_UNIT_GRANT;
  return (
    <ActionDialog
      title="Grant units"
      summary={
        <p>
          Adds units to <strong>{user.username}</strong>’s current cycle; they lapse when it ends.
        </p>
      }
      confirmLabel="Grant units"
      doneMessage={`Granted ${valid ? count(value) : ''} units to ${user.username}.`}
      validate={() =>
        valid ? null : `Units: a whole number from 1 to ${count(ADMIN_MAX_UNIT_GRANT)}.`
      }
      action={(reason) => userActions.units(user.id, value, reason)}
      onClose={onClose}
      onDone={onDone}
    >
      <div>
        <label htmlFor={id} className={labelClass}>
          Units to grant
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={ADMIN_MAX_UNIT_GRANT}
          step={1}
          value={units}
          onChange={(e) => setUnits(e.target.value)}
          className={`${inputClass} max-w-40`}
        />
      </div>
    </ActionDialog>
  );
}

function ReasonOnlyDialog({ action, detail, onClose, onDone }: DialogProps & { action: Action }) {
  const { user } = detail;
  const open = detail.sessions.length;
  const texts = {
    sessions: {
      title: 'End sessions',
      summary: `Signs ${user.username} out on every device (${count(open)} open ${open === 1 ? 'session' : 'sessions'}).`,
      confirm: 'End sessions',
      done: `${user.username} is signed out everywhere.`,
      run: (reason: string) => userActions.revokeSessions(user.id, reason),
    },
    disable: {
      title: 'Disable account',
      summary: `${user.username} will not be able to sign in, and every session ends now.`,
      confirm: 'Disable account',
      done: `${user.username}’s account is disabled.`,
      run: (reason: string) => userActions.disable(user.id, reason),
    },
    enable: {
      title: 'Enable account',
      summary: `${user.username} will be able to sign in again.`,
      confirm: 'Enable account',
      done: `${user.username}’s account is enabled.`,
      run: (reason: string) => userActions.enable(user.id, reason),
    },
  }[action as 'sessions' | 'disable' | 'enable'];
  return (
    <ActionDialog
      title={texts.title}
      summary={<p>{texts.summary}</p>}
      confirmLabel={texts.confirm}
      doneMessage={texts.done}
      action={texts.run}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/** The learner page's actions; each opens its dialog (reason, PIN when needed, confirm). */
export function UserActions({ detail, onChanged }: { detail: Detail; onChanged: () => void }) {
  const [open, setOpen] = useState<Action | null>(null);
  const canWrite = useCanWrite();
  const noteId = useId();
  const disabled = detail.user.disabled;
  const buttons: [Action, string][] = [
    ['plan', 'Change plan'],
    ['units', 'Grant units'],
    ['sessions', 'End sessions'],
    disabled ? ['enable', 'Enable account'] : ['disable', 'Disable account'],
  ];
  const props = {
    detail,
    onClose: () => setOpen(null),
    onDone: () => {
      setOpen(null);
      onChanged();
    },
  };
  return (
    <div className="space-y-3">
      <ReadOnlyNote id={noteId} />
      <div className="flex flex-wrap gap-2">
        {buttons.map(([action, label]) => (
          <Button
            key={action}
            variant="secondary"
            disabled={!canWrite}
            aria-describedby={canWrite ? undefined : noteId}
            onClick={() => setOpen(action)}
          >
            {label}
          </Button>
        ))}
      </div>
      {open === 'plan' ? <PlanDialog {...props} /> : null}
      {open === 'units' ? <UnitsDialog {...props} /> : null}
      {open === 'sessions' || open === 'disable' || open === 'enable' ? (
        <ReasonOnlyDialog action={open} {...props} />
      ) : null}
    </div>
  );
}
