import { PASSKEY_LABELS as L, PASSKEY_MESSAGES, type Passkey } from '@grasp/contract';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  createPasskey,
  passkeyCancelled,
  passkeyErrorMessage,
  passkeysSupported,
} from '../../../lib/webauthn.ts';
import { FormAlert, PinField } from '../../auth/index.ts';
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
async function addOne(pin: string): Promise<Passkey | null> {
  const options = await fetchRegistrationOptions(pin);
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
 * Passkeys on /account (DESIGN.md §14): the list, adding one with this browser (after the PIN),
 * renaming and removing (after a question). Where the browser has no WebAuthn, the list stays
 * and says so.
 */
export function PasskeysSection() {
  const [supported] = useState(passkeysSupported);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [modes, setModes] = useState<Modes>(CLOSED);
  const [busy, setBusy] = useState<'add' | string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  /** The PIN form before adding: open, and what is typed in it. */
  const [asking, setAsking] = useState(false);
  const [pin, setPin] = useState('');
  const pinRef = useRef<HTMLInputElement>(null);
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

  /**
   * Runs one action at a time, telling how it went in the section's live region; answers
   * whether it went through (a closed prompt did, changing nothing).
   */
  async function act(key: string, work: () => Promise<string | null>): Promise<boolean> {
    setBusy(key);
    setNote(null);
    try {
      const done = await work();
      setNote(done ? { ok: true, text: done } : { ok: false, text: PASSKEY_MESSAGES.cancelled });
      return true;
    } catch (error) {
      setNote({ ok: false, text: passkeyErrorMessage(error) });
      return false;
    } finally {
      setBusy(null);
    }
  }

  useEffect(() => {
    if (asking) pinRef.current?.focus();
  }, [asking]);

  const closeAsking = () => {
    setAsking(false);
    setPin('');
    // The button is back once the form has gone.
    requestAnimationFrame(() => addRef.current?.focus());
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!pin) {
      setNote({ ok: false, text: PASSKEY_MESSAGES.pinRequired });
      pinRef.current?.focus();
      return;
    }
    const typed = pin;
    setPin('');
    const went = await act('add', async () => {
      const created = await addOne(typed);
      if (!created) return null;
      update((passkeys) => [...passkeys, created]);
      return PASSKEY_MESSAGES.added;
    });
    if (went) closeAsking();
    else pinRef.current?.focus();
  };

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
      {supported && load.status === 'ready' && asking ? (
        <form
          noValidate
          aria-label={L.add}
          className="mt-4 space-y-3"
          onSubmit={(event) => void add(event)}
        >
          <p className="text-sm text-slate-600 dark:text-slate-400">{L.pinIntro}</p>
          <PinField
            ref={pinRef}
            label={L.pinField}
            name="passkeyPin"
            autoComplete="current-password"
            value={pin}
            onValueChange={setPin}
            className="max-w-xs"
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy === 'add'}>
              {busy === 'add' ? L.adding : L.confirmAdd}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={closeAsking}
              disabled={busy === 'add'}
            >
              {L.cancel}
            </Button>
          </div>
        </form>
      ) : supported && load.status === 'ready' ? (
        <Button ref={addRef} className="mt-4" onClick={() => setAsking(true)}>
          {L.add}
        </Button>
      ) : null}
    </Section>
  );
}
