import { useEffect, useRef, useState } from 'react';
import { useLearningEntry, useLearningStore } from '../stores/learning-store.ts';
import { FollowUpForm } from './follow-up-form.tsx';
import { FollowUpThread } from './follow-up-thread.tsx';
import { LearningAlert } from './learning-alert.tsx';
import { LearningCard } from './learning-card.tsx';
import { useLearningHost } from './learning-host.ts';
import { SuggestedQuestions } from './suggested-questions.tsx';

/** Follow-ups under the explanation: the thread, suggested questions and the question box. */
export function FollowUpSection({
  explanationId,
  query,
  suggestedQuestions,
}: {
  explanationId: string;
  query: string;
  /** The explanation's own suggestions, shown until the record's arrive. */
  suggestedQuestions: readonly string[];
}) {
  const entry = useLearningEntry(explanationId);
  const askStore = useLearningStore((s) => s.ask);
  const { provider } = useLearningHost();
  const ask = (question: string) => askStore(explanationId, question, provider?.());
  const load = useLearningStore((s) => s.load);
  const [announcement, setAnnouncement] = useState('');
  const wasPending = useRef(false);
  const questionBox = useRef<HTMLTextAreaElement>(null);

  // Screen readers hear when an answer has arrived (a failure is an alert of its own); the
  // thread itself is not a live region, and saved answers loading in are not announced.
  useEffect(() => {
    if (wasPending.current && !entry.pending && !entry.followUpError) {
      setAnnouncement('Your answer is ready.');
    }
    wasPending.current = entry.pending !== null;
  }, [entry.pending, entry.followUpError]);

  const asked = new Set(entry.followUps.map((f) => f.question.trim().toLowerCase()));
  const pendingQuestion = entry.pending?.question.trim().toLowerCase();
  const suggestions = (entry.suggestedQuestions ?? suggestedQuestions).filter((q) => {
    const key = q.trim().toLowerCase();
    return !asked.has(key) && key !== pendingQuestion;
  });
  const busy = entry.pending !== null;
  const failure = entry.followUpError;

  return (
    <LearningCard icon="chat" title={<>Questions about {query}</>}>
      {entry.recordStatus === 'loading' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading your earlier questions…
        </p>
      )}
      {entry.recordStatus === 'failed' && entry.recordError?.kind !== 'notFound' && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {entry.recordError?.message}{' '}
          <button
            type="button"
            onClick={() => void load(explanationId)}
            className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
          >
            Try again
          </button>
        </p>
      )}
      <FollowUpThread followUps={entry.followUps} pending={entry.pending} />
      <div aria-live="polite" className="sr-only">
        {busy ? 'Answering your question…' : announcement}
      </div>
      <SuggestedQuestions
        questions={suggestions}
        disabled={busy}
        onAsk={(question) => {
          // The chip leaves the list while its question is answered: focus goes on to the box
          // for the next question, never to the page's body.
          questionBox.current?.focus();
          void ask(question);
        }}
      />
      <FollowUpForm busy={busy} onAsk={ask} fieldRef={questionBox} />
      {failure && <LearningAlert error={failure} onRetry={() => void ask(failure.question)} />}
    </LearningCard>
  );
}
