import { ADMIN_MESSAGES, ADMIN_REASON_MAX_LENGTH, PIN_PATTERN } from '@grasp/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSudoAction } from '../hooks/use-sudo-action.ts';
import { inputClass, labelClass } from './field.ts';
import { useToast } from './toaster.tsx';

interface ActionDialogProps {
  title: string;
  /** What will happen, in a sentence: the confirmation the admin reads before the button. */
  summary: ReactNode;
  /** The button that makes the change ("Change plan"). */
  confirmLabel: string;
  /** Shown as a toast once the change is made. */
  doneMessage: string;
  /** Makes the change with the reason typed; fields of its own come as children. */
  action: (reason: string) => Promise<unknown>;
  /** False where a reason is welcome but not required (asking the gateway). */
  needsReason?: boolean;
  /** A field's own check before anything is sent; a message blocks the submit. */
  validate?: () => string | null;
  onClose: () => void;
  onDone: () => void;
  children?: ReactNode;
}

const errorClass = 'mt-1 text-sm text-red-700 dark:text-red-300';

/**
 * A staff action's dialog: asks a reason (kept in the audit log), confirms, and asks the PIN
 * when the server wants it confirmed (sudo), then makes the change.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { phase, error, run, submitPin } = useSudoAction();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [pin, setPin] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const reasonId = useId();
  const pinId = useId();
  const errorId = useId();

  const finish = (ok: boolean) => {
    if (!ok) return;
    toast('success', props.doneMessage);
    props.onDone();
  };

  const submitReason = (event: FormEvent) => {
    event.preventDefault();
    const needsReason = props.needsReason ?? true;
    const problem =
      props.validate?.() ??
      (!needsReason || reason.trim()
        ? null
        : 'Please say why: the reason is kept in the audit log.');
    setFormError(problem);
    if (!problem) void run(() => props.action(reason.trim())).then(finish);
  };

  const confirmPin = (event: FormEvent) => {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) {
      setFormError('Enter your 4-digit PIN.');
      return;
    }
    setFormError(null);
    void submitPin(pin).then((ok) => {
      setPin('');
      finish(ok);
    });
  };

  const shown = formError ?? error;
  const asking = phase === 'pin' || phase === 'confirming-pin';
  const busy = phase === 'working' || phase === 'confirming-pin';

  return (
    <Dialog title={props.title} onClose={props.onClose}>
      {asking ? (
        <form
          onSubmit={confirmPin}
          noValidate
          className="mt-3 space-y-4"
          aria-label="Confirm your PIN"
        >
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {ADMIN_MESSAGES.sudoRequired}
          </p>
          <div>
            <label htmlFor={pinId} className={labelClass}>
              {ADMIN_MESSAGES.confirmPin}
            </label>
            <input
              id={pinId}
              type="password"
              inputMode="numeric"
              autoComplete="current-password"
              maxLength={4}
              autoFocus
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? errorId : undefined}
              className={`${inputClass} max-w-32 tracking-widest`}
            />
            {shown ? (
              <p id={errorId} role="alert" className={errorClass}>
                {shown}
              </p>
            ) : null}
          </div>
          <Buttons busy={busy} label="Confirm PIN" onCancel={props.onClose} />
        </form>
      ) : (
        <form onSubmit={submitReason} noValidate className="mt-3 space-y-4">
          <div className="text-sm text-slate-700 dark:text-slate-200">{props.summary}</div>
          {props.children}
          <div>
            <label htmlFor={reasonId} className={labelClass}>
              {ADMIN_MESSAGES.reasonLabel}
              {props.needsReason === false ? ' (optional)' : ''}
            </label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={ADMIN_REASON_MAX_LENGTH}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? errorId : undefined}
              className={inputClass}
            />
            {shown ? (
              <p id={errorId} role="alert" className={errorClass}>
                {shown}
              </p>
            ) : null}
          </div>
          <Buttons busy={busy} label={props.confirmLabel} onCancel={props.onClose} />
        </form>
      )}
    </Dialog>
  );
}

function Buttons({
  busy,
  label,
  onCancel,
}: {
  busy: boolean;
  label: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner label="Working" className="h-4 w-4" /> : null}
        {label}
      </Button>
    </div>
  );
}
