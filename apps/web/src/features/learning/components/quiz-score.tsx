import type { Quiz } from '@grasp/contract';
import type { Ref } from 'react';
import { ReExplainAction, SectionLink } from './re-explain-action.tsx';

/** The sections of the missed questions, each once, in quiz order. */
export function missedSections(quiz: Quiz): string[] {
  const missed = quiz.questions.filter((q) => q.answer && !q.answer.correct).map((q) => q.section);
  return [...new Set(missed)];
}

/** The end of the quiz: "4 of 5", and the parts to look at again with a way to revisit each. */
export function QuizScore({
  explanationId,
  quiz,
  headingRef,
}: {
  explanationId: string;
  quiz: Quiz;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const score = quiz.questions.filter((q) => q.answer?.correct).length;
  const total = quiz.questions.length;
  const missed = missedSections(quiz);
  return (
    <div className="space-y-4">
      <div>
        <h4
          ref={headingRef}
          tabIndex={-1}
          className="text-sm font-medium text-slate-600 focus:outline-none dark:text-slate-400"
        >
          Your score
        </h4>
        <p className="text-3xl font-bold text-slate-900 dark:text-slate-100">
          {score} of {total}
        </p>
      </div>
      {missed.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Every answer right. Well done!</p>
      ) : (
        <div>
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200">Look again at:</p>
          <ul className="mt-2 space-y-3">
            {missed.map((section) => (
              <li
                key={section}
                className="flex flex-col items-start gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                <SectionLink section={section}>{section}</SectionLink>
                <ReExplainAction explanationId={explanationId} section={section} linked={false} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
