import { useId } from 'react';

/** Questions a learner would ask next, as chips: choosing one asks it. */
export function SuggestedQuestions({
  questions,
  onAsk,
  disabled,
}: {
  questions: readonly string[];
  onAsk: (question: string) => void;
  disabled: boolean;
}) {
  const titleId = useId();
  if (questions.length === 0) return null;
  return (
    <div>
      <p id={titleId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Suggested questions
      </p>
      <ul aria-labelledby={titleId} className="mt-2 flex flex-wrap gap-2">
        {questions.map((question) => (
          <li key={question} className="max-w-full">
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAsk(question)}
              className="max-w-full rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1.5 text-left text-sm text-indigo-900 hover:border-indigo-400 hover:bg-indigo-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100 dark:hover:border-indigo-600 dark:hover:bg-indigo-900"
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
