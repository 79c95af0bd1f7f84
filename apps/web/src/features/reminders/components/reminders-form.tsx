import { REMINDER_MESSAGES as M, type NotificationSettings } from '@grasp/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { hourLabel, timeZones } from '../lib/local-hours.ts';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

function Toggle({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-1 h-4 w-4 shrink-0 accent-indigo-600"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm break-words text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The reminder settings: channels, then the hour in the learner's own zone. */
export function RemindersForm({
  initial,
  email,
  pushAvailable,
  saving,
  onSave,
}: {
  initial: NotificationSettings;
  email: string;
  pushAvailable: boolean;
  saving: boolean;
  onSave: (settings: NotificationSettings) => void;
}) {
  const [settings, setSettings] = useState(initial);
  const [zones] = useState(() => timeZones(initial.timezone));
  const hourId = useId();
  const zoneId = useId();
  const change = (patch: Partial<NotificationSettings>) => setSettings((s) => ({ ...s, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(settings);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="mb-3 font-semibold">Remind me by</legend>
        <Toggle
          label="Email"
          hint={`To ${email}, with a link to your recaps.`}
          checked={settings.email}
          onChange={(value) => change({ email: value })}
        />
        <Toggle
          label="Push notification"
          hint={
            pushAvailable ? 'On this device; your browser asks for permission.' : M.pushUnsupported
          }
          checked={settings.push}
          onChange={(value) => change({ push: value })}
        />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={hourId} className="mb-1 block text-sm font-medium">
            Hour
          </label>
          <select
            id={hourId}
            value={settings.hour}
            onChange={(event) => change({ hour: Number(event.target.value) })}
            className={fieldClass}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={zoneId} className="mb-1 block text-sm font-medium">
            Time zone
          </label>
          <select
            id={zoneId}
            value={settings.timezone}
            onChange={(event) => change({ timezone: event.target.value })}
            className={fieldClass}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save reminders'}
      </Button>
    </form>
  );
}
