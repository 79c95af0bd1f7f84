import { REMINDER_MESSAGES, type RecapRating } from '@grasp/contract';
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { LearningAlert } from './components/learning-alert.tsx';
import { RecapCard, ratedNote } from './components/recap-session.tsx';
import { RecapsEmpty } from './components/recaps-empty.tsx';
import { useRecaps } from './stores/recaps-store.ts';

/** /review: the due recaps one after another (DESIGN.md §8). */
export function ReviewPage() {
  const { status, error, due, dueCount, upcoming, nextDueAt } = useRecaps();
  const [reviewed, setReviewed] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  /** Concepts whose offline review the server refused: said until the learner leaves. */
  const [refused, setRefused] = useState<string[]>([]);
  const card = due[0];

  useEffect(() => {
    void useRecaps.getState().load();
    // Reviews made offline go out now, and whenever the connection comes back.
    const sendOffline = async () => {
      const { sent, refused: lost } = await useRecaps.getState().sendOffline();
      if (lost.length > 0) setRefused((r) => [...r, ...lost]);
      if (sent > 0) setNote(REMINDER_MESSAGES.offlineSent(sent));
      if (sent > 0 || lost.length > 0) void useRecaps.getState().load();
    };
    void sendOffline();
    window.addEventListener('online', sendOffline);
    return () => window.removeEventListener('online', sendOffline);
  }, []);

  const rate = async (rating: RecapRating) => {
    if (!card) return;
    const { dueAt, offline } = await useRecaps.getState().rate(card.cardId, rating);
    if (dueAt || offline) setReviewed((n) => n + 1);
    setNote(offline ? REMINDER_MESSAGES.offlineSaved : ratedNote(card.query, rating, dueAt));
  };

  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Recaps</h1>
      <p className="mt-1 mb-6 text-slate-600 dark:text-slate-300">
        A minute each: read the takeaway, check yourself, say how well you remembered. Keys:{' '}
        <kbd className="font-mono">Enter</kbd> to go on, <kbd className="font-mono">1</kbd>–
        <kbd className="font-mono">4</kbd> to rate.
      </p>
      <p
        role="status"
        className={note ? 'mb-4 text-sm font-medium text-emerald-800 dark:text-emerald-300' : ''}
      >
        {note}
      </p>
      {refused.length > 0 ? (
        <ul
          role="alert"
          className="mb-4 space-y-1 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {refused.map((query) => (
            <li key={query}>{REMINDER_MESSAGES.offlineRefused(query)}</li>
          ))}
        </ul>
      ) : null}
      {status === 'error' && !card ? (
        <LearningAlert error={error ?? ''} onRetry={() => void useRecaps.getState().load()} />
      ) : card ? (
        <RecapCard
          key={card.cardId}
          card={card}
          position={reviewed + 1}
          total={reviewed + dueCount}
          onRate={rate}
        />
      ) : status === 'ready' ? (
        <RecapsEmpty nextDueAt={nextDueAt} upcoming={upcoming} reviewed={reviewed} />
      ) : (
        <div className="flex min-h-64 items-center justify-center text-indigo-600 dark:text-indigo-400">
          <Spinner label="Loading your recaps" className="h-8 w-8" />
        </div>
      )}
    </main>
  );
}
