import type { Quiz } from '@grasp/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLearningEntry, useLearningStore } from '../stores/learning-store.ts';
import { LearningAlert } from './learning-alert.tsx';
import { LearningCard } from './learning-card.tsx';
import { useLearningHost } from './learning-host.ts';
import { QuizQuestion } from './quiz-question.tsx';
import { QuizScore } from './quiz-score.tsx';

/** One question at a time, from the first unanswered one; the score once all are answered. */
function QuizRunner({
  explanationId,
  quiz,
  focusFirst,
}: {
  explanationId: string;
  quiz: Quiz;
  focusFirst: boolean;
}) {
  const entry = useLearningEntry(explanationId);
  const answer = useLearningStore((s) => s.answer);
  const firstOpen = quiz.questions.findIndex((q) => !q.answer);
  const [index, setIndex] = useState(firstOpen === -1 ? 0 : firstOpen);
  const [finished, setFinished] = useState(firstOpen === -1);
  const [moved, setMoved] = useState(focusFirst);
  const scoreHeading = useRef<HTMLHeadingElement>(null);
  const question = quiz.questions[index];

  useEffect(() => {
    if (finished && moved) scoreHeading.current?.focus();
  }, [finished, moved]);

  if (finished || !question) {
    return <QuizScore explanationId={explanationId} quiz={quiz} headingRef={scoreHeading} />;
  }
  return (
    <QuizQuestion
      key={question.questionId}
      explanationId={explanationId}
      question={question}
      position={index + 1}
      total={quiz.questions.length}
      checking={entry.quiz.checking === question.questionId}
      error={entry.quiz.answerError}
      autoFocus={moved}
      onAnswer={(choice) => void answer(explanationId, question.questionId, choice)}
      onNext={() => {
        setMoved(true);
        const next = quiz.questions.findIndex((q, i) => i > index && !q.answer);
        if (next === -1) setFinished(true);
        else setIndex(next);
      }}
    />
  );
}

/** "Check yourself": a short quiz on the explanation, inline, kept across reloads. */
export function QuizSection({ explanationId }: { explanationId: string }) {
  const entry = useLearningEntry(explanationId);
  const startQuiz = useLearningStore((s) => s.startQuiz);
  const { provider } = useLearningHost();
  const [started, setStarted] = useState(false);
  const { status, quiz, error } = entry.quiz;
  // The record may hold a quiz already begun: no Start until it has said (a failed load does not
  // stop a new quiz).
  const recordPending = entry.recordStatus === 'idle' || entry.recordStatus === 'loading';
  const waiting = status === 'loading' || (status === 'idle' && recordPending);

  const start = () => {
    setStarted(true);
    void startQuiz(explanationId, provider?.());
  };

  return (
    <LearningCard icon="quiz" title="Check yourself">
      {waiting && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Spinner className="h-4 w-4 text-indigo-600 dark:text-indigo-400">
            {status === 'loading' && !entry.quizState
              ? 'Preparing your quiz…'
              : 'Loading your quiz…'}
          </Spinner>
        </p>
      )}
      {status === 'idle' && !waiting && (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            A few quick questions on this explanation, one at a time, with the reason for each
            answer. The quiz is free.
          </p>
          <Button onClick={start}>Start the quiz</Button>
        </>
      )}
      {status === 'failed' && error && <LearningAlert error={error} onRetry={start} />}
      {status === 'ready' && quiz && (
        <QuizRunner
          key={quiz.quizId}
          explanationId={explanationId}
          quiz={quiz}
          focusFirst={started}
        />
      )}
    </LearningCard>
  );
}
