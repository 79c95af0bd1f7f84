import { RECAP_MESSAGES, RECAP_RATINGS, type RecapItem, type RecapRating } from '@grasp/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { answerQuizQuestion, openQuiz } from '../api/recap-quiz.ts';
import { dueInWords } from '../lib/due-dates.ts';
import { LearningAlert } from './learning-alert.tsx';
import { RatingButtons } from './rating-buttons.tsx';
import { type QuestionResult, RecapQuestion } from './recap-question.tsx';

type Stage = 'takeaway' | 'question' | 'rate';

/** Keys typed into a field, or with a modifier, are not the session's. */
function ignoredKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  return target?.closest('input, textarea, select, [contenteditable="true"]') != null;
}

/**
 * One recap, about a minute (DESIGN.md §8): the takeaway, then one of its quiz questions, then
 * Again / Hard / Good / Easy. Keyboard first: Enter goes on, 1–4 rate (the question's own keys,
 * A–D among them, are AnswerChoices').
 */
export function RecapCard({
  card,
  position,
  total,
  onRate,
}: {
  card: RecapItem;
  position: number;
  total: number;
  onRate: (rating: RecapRating) => Promise<void>;
}) {
  const [stage, setStage] = useState<Stage>('takeaway');
  const [result, setResult] = useState<QuestionResult | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [answering, setAnswering] = useState(false);
  const [rating, setRating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const titleRef = useRef<HTMLHeadingElement>(null);
  const promptRef = useRef<HTMLParagraphElement>(null);
  const rateRef = useRef<HTMLFieldSetElement>(null);
  const { question } = card;

  // Each step takes the focus, so keyboard and screen-reader users follow along.
  useEffect(() => {
    const target = { takeaway: titleRef, question: promptRef, rate: rateRef }[stage].current;
    target?.focus();
  }, [stage]);

  const goOn = () => {
    if (stage === 'takeaway') setStage(question ? 'question' : 'rate');
    else if (stage === 'question' && !answering) setStage('rate');
  };

  const choose = async (choice: number) => {
    if (!question || result || answering) return;
    if (question.reveal) {
      const { correctChoice, why } = question.reveal;
      setResult({ choice, correct: choice === correctChoice, correctChoice, why });
      return;
    }
    setAnswering(true);
    try {
      const quizId = question.quizId ?? (await openQuiz(card.explanationId));
      const verdict = await answerQuizQuestion(quizId, question.questionId, choice);
      setResult({ choice, ...verdict });
    } catch (caught) {
      setNote(
        caught instanceof ApiError && caught.status === 409
          ? 'You have answered this question already. Go on and rate your recall.'
          : 'Your answer could not be checked. Go on and rate your recall.',
      );
    } finally {
      setAnswering(false);
    }
  };

  const rate = async (value: RecapRating) => {
    if (rating) return;
    setRating(true);
    setError(null);
    try {
      await onRate(value);
    } catch {
      setError(RECAP_MESSAGES.reviewFailed);
      setRating(false);
    }
  };

  // The handlers read this render's state; the listener is set again whenever it changes.
  const keys = useRef({ goOn, rate, stage });
  keys.current = { goOn, rate, stage };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (ignoredKey(event)) return;
      const current = keys.current;
      const onControl = (event.target as HTMLElement | null)?.closest('button, a') != null;
      if (event.key === 'Enter' && !onControl) {
        event.preventDefault();
        current.goOn();
        return;
      }
      const rated = RECAP_RATINGS[Number(event.key) - 1];
      if (current.stage === 'rate' && rated) {
        event.preventDefault();
        void current.rate(rated);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <article
      aria-labelledby="recap-title"
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="space-y-1">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          Recap {position} of {total}
        </p>
        <h2
          id="recap-title"
          ref={titleRef}
          tabIndex={-1}
          className="w-fit max-w-full rounded text-2xl font-bold tracking-tight break-words text-slate-900 dark:text-slate-100"
        >
          {card.query}
        </h2>
      </header>

      <section aria-label="Key takeaway">
        <h3 className="text-xs font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">
          Key takeaway
        </h3>
        <blockquote className="mt-2 border-l-4 border-amber-400 pl-4 text-lg leading-relaxed text-slate-800 dark:text-slate-200">
          {card.takeaway}
        </blockquote>
      </section>

      {stage !== 'takeaway' && question && (
        <RecapQuestion
          question={question}
          result={result}
          pending={answering}
          note={note}
          onChoose={(choice) => void choose(choice)}
          promptRef={promptRef}
        />
      )}

      {stage === 'rate' ? (
        <RatingButtons
          next={card.next}
          now={now}
          disabled={rating}
          onRate={(value) => void rate(value)}
          groupRef={rateRef}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={goOn} disabled={answering} aria-keyshortcuts="Enter">
            {stage === 'takeaway' && question ? 'Check yourself' : 'Rate your recall'}
          </Button>
          <span className="text-sm text-slate-600 dark:text-slate-400">
            or press <kbd className="font-mono">Enter</kbd>
          </span>
        </div>
      )}

      {error && <LearningAlert error={error} />}
    </article>
  );
}

/** What the last rating did, said once for screen readers and shown for everyone. */
export function ratedNote(query: string, rating: RecapRating, dueAt: string | null): string {
  const label = rating.charAt(0).toUpperCase() + rating.slice(1);
  if (!dueAt) return `${query} was reviewed in another tab already.`;
  return `${label}: ${query} comes back ${dueInWords(dueAt)}.`;
}
