import {
  REMINDER_MESSAGES as M,
  type NotificationSettings,
  type NotificationSettingsResponse,
} from '@grasp/contract';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { fetchReminderSettings, saveReminderSettings } from './api/notification-settings.ts';
import { RemindersForm } from './components/reminders-form.tsx';
import { browserTimeZone } from './lib/local-hours.ts';
import { pushSupported, subscribeThisDevice, unsubscribeThisDevice } from './lib/push.ts';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; settings: NotificationSettingsResponse };

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError || error instanceof Error ? error.message : fallback;

/** /reminders: one reminder a day at the learner's hour, by email and/or push (DESIGN.md §11). */
export function RemindersPage() {
  const email = useAuth((s) => s.user?.email ?? '');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const read = useCallback(() => {
    setLoad({ status: 'loading' });
    fetchReminderSettings()
      .then((settings) =>
        setLoad({
          status: 'ready',
          settings: settings.saved ? settings : { ...settings, timezone: browserTimeZone() },
        }),
      )
      .catch((error: unknown) =>
        setLoad({ status: 'error', message: messageOf(error, M.loadFailed) }),
      );
  }, []);
  useEffect(read, [read]);

  const save = async (next: NotificationSettings) => {
    setSaving(true);
    setNote(null);
    let settings = next;
    let pushProblem: string | null = null;
    try {
      if (next.push) await subscribeThisDevice();
      else await unsubscribeThisDevice();
    } catch (error) {
      pushProblem = messageOf(error, M.pushUnsupported);
      settings = { ...next, push: false };
    }
    try {
      const saved = await saveReminderSettings(settings);
      setLoad({ status: 'ready', settings: saved });
      setNote(pushProblem ? { ok: false, text: pushProblem } : { ok: true, text: M.saved });
    } catch (error) {
      setNote({ ok: false, text: messageOf(error, M.saveFailed) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">{M.settingsTitle}</h1>
      <p className="mt-1 mb-6 text-slate-600 dark:text-slate-300">{M.settingsIntro}</p>
      <p
        role="status"
        className={
          note
            ? `mb-4 text-sm font-medium ${note.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`
            : ''
        }
      >
        {note?.text}
      </p>
      {load.status === 'loading' ? (
        <div className="flex min-h-48 items-center justify-center text-indigo-600 dark:text-indigo-400">
          <Spinner label="Loading your reminder settings" className="h-8 w-8" />
        </div>
      ) : load.status === 'error' ? (
        <div
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
        >
          <p className="font-semibold">{load.message}</p>
          <Button variant="secondary" className="mt-4" onClick={read}>
            Try again
          </Button>
        </div>
      ) : (
        <section className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <RemindersForm
            key={JSON.stringify(load.settings)}
            initial={load.settings}
            email={email}
            pushAvailable={pushSupported()}
            saving={saving}
            onSave={(settings) => void save(settings)}
          />
        </section>
      )}
    </main>
  );
}
