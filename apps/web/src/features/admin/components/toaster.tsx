import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

type Tone = 'success' | 'error';
interface Toast {
  id: number;
  tone: Tone;
  text: string;
}

const TOAST_MS = 6000;
const ToastContext = createContext<(tone: Tone, text: string) => void>(() => undefined);

/** Shows a short note after an action; success notes are polite, failures are announced at once. */
export const useToast = () => useContext(ToastContext);

const TONES: Record<Tone, string> = {
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  error:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((t) => t.id !== id)),
    [],
  );
  const notify = useCallback(
    (tone: Tone, text: string) => {
      const id = Date.now() + Math.random();
      setToasts((all) => [...all.slice(-2), { id, tone, text }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => notify, [notify]);
  const list = (tone: Tone) => (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className="pointer-events-auto flex w-full max-w-sm flex-col gap-2"
    >
      {toasts
        .filter((t) => t.tone === tone)
        .map((t) => (
          <div
            key={t.id}
            className={`flex items-start justify-between gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${TONES[t.tone]}`}
          >
            <p>{t.text}</p>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              aria-label="Dismiss"
              className="-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100"
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );
  return (
    <ToastContext value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-end gap-2 sm:inset-x-auto sm:right-6">
        {list('success')}
        {list('error')}
      </div>
    </ToastContext>
  );
}
