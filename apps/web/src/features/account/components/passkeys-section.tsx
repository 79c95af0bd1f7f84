import { PASSKEY_LABELS as L, PASSKEY_MESSAGES, type Passkey } from '@grasp/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  createPasskey,
  passkeyCancelled,
  passkeyErrorMessage,
  passkeysSupported,
} from '../../../lib/webauthn.ts';
import { FormAlert } from '../../auth/index.ts';
import {
  fetchPasskeys,
  fetchRegistrationOptions,
  removePasskey,
  renamePasskey,
  savePasskey,
} from '../api/passkeys.ts';
import { deviceName } from '../lib/device-name.ts';
import { type ItemMode, PasskeyItem } from './passkey-item.tsx';
import { Section } from './section.tsx';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; passkeys: Passkey[] };

type Note = { ok: boolean; text: string } | null;

interface Modes {
  id: string | null;
  mode: ItemMode;
  /** The item whose form just closed gets the focus back. */
  returnFocus: string | null;
}

const CLOSED: Modes = { id: null, mode: 'view', returnFocus: null };

/** Adds the browser's new passkey, named after this device; null when the prompt was closed. */
async function addOne(): Promise<Passkey | null> {
  const options = await fetchRegistrationOptions();
  try {
    const response = await createPasskey(options);
    const created = await savePasskey(response, deviceName(navigator.userAgent));
    return { ...created, lastUsedAt: null };
  } catch (error) {
    if (passkeyCancelled(error)) return null;
    throw error;
  }
}

/**
 * Passkeys on /account (DESIGN.md §14): the list, adding one with this browser, renaming and
 * removing (after a question). Where the browser has no WebAuthn, the list stays and says so.
 */
export function PasskeysSection() {
  const [supported] = useState(passkeysSupported);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [modes, setModes] = useState<Modes>(CLOSED);
  const [busy, setBusy] = useState<'add' | string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const read = useCallback(() => {
    setLoad({ status: 'loading' });
    fetchPasskeys()
      .then((passkeys) => setLoad({ status: 'ready', passkeys }))
      .catch((error: unknown) =>
        setLoad({
          status: 'error',
          message: error instanceof Error ? error.message : L.loadFailed,
        }),
      );
  }, []);
  useEffect(read, [read]);

  const update = (change: (passkeys: Passkey[]) => Passkey[]) =>
    setLoad((current) =>
      current.status === 'ready' ? { ...current, passkeys: change(current.passkeys) } : current,
    );

  /** Runs one action at a time, telling how it went in the section's live region. */
  async function act(key: string, work: () => Promise<string | null>) {
    setBusy(key);
    setNote(null);
    try {
      const done = await work();
      setNote(done ? { ok: true, text: done } : { ok: false, text: PASSKEY_MESSAGES.cancelled });
    } catch (error) {
      setNote({ ok: false, text: passkeyErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  const add = () =>
    act('add', async () => {
      const created = await addOne();
      if (!created) return null;
      update((passkeys) => [...passkeys, created]);
      return PASSKEY_MESSAGES.added;
    });

  const rename = (id: string, name: string) =>
    act(id, async () => {
      const renamed = await renamePasskey(id, name);
      update((passkeys) => passkeys.map((p) => (p.id === id ? renamed : p)));
      setModes({ id: null, mode: 'view', returnFocus: id });
      return PASSKEY_MESSAGES.renamed;
    });

  const remove = (id: string) =>
    act(id, async () => {
      await removePasskey(id);
      update((passkeys) => passkeys.filter((p) => p.id !== id));
      setModes(CLOSED);
      (addRef.current ?? listRef.current)?.focus();
      return PASSKEY_MESSAGES.removed;
    });

  return (
    <Section title={L.title} intro={L.intro}>
      {supported ? null : (
        <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
          {L.unsupportedHere}
        </p>
      )}
      <p
        role="status"
        className={
          note
            ? `mb-2 text-sm font-medium ${note.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`
            : ''
        }
      >
        {note?.text}
      </p>
      <div ref={listRef} tabIndex={-1} className="outline-none">
        {load.status === 'loading' ? (
          <div className="flex justify-center py-6 text-indigo-600 dark:text-indigo-400">
            <Spinner label={L.loading} className="h-6 w-6" />
          </div>
        ) : load.status === 'error' ? (
          <FormAlert message={load.message}>
            <Button variant="secondary" className="mt-3" onClick={read}>
              {L.retry}
            </Button>
          </FormAlert>
        ) : load.passkeys.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{L.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {load.passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                mode={modes.id === passkey.id ? modes.mode : 'view'}
                busy={busy === passkey.id}
                focusOnView={modes.returnFocus === passkey.id}
                onMode={(mode) =>
                  setModes({
                    id: passkey.id,
                    mode,
                    returnFocus: mode === 'view' ? passkey.id : null,
                  })
                }
                onRename={(name) => void rename(passkey.id, name)}
                onRemove={() => void remove(passkey.id)}
              />
            ))}
          </ul>
        )}
      </div>
      {supported && load.status === 'ready' ? (
        <Button ref={addRef} className="mt-4" onClick={() => void add()} disabled={busy === 'add'}>
          {busy === 'add' ? L.adding : L.add}
        </Button>
      ) : null}
    </Section>
  );
}
