import type { ConceptProgress, ConceptStatus } from '@grasp/contract';

/** Each status as words and colours: the words carry it, the colour only helps. */
export const STATUS_LOOK: Record<
  ConceptStatus,
  { label: string; mark: string; className: string }
> = {
  new: {
    label: 'Not started',
    mark: '–',
    className: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  },
  explained: {
    label: 'Explained',
    mark: '✓',
    className: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  },
  due: {
    label: 'Recap due',
    mark: '↻',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  },
  known: {
    label: 'Known',
    mark: '★',
    className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  },
};

/** "2/3" for a quiz with two of three answered right; empty without a quiz. */
export const quizText = (progress: ConceptProgress) =>
  progress.quiz ? `${progress.quiz.correct}/${progress.quiz.answered}` : '';

/** How far along a list of concepts is, for sorting: known counts most, then due, explained. */
export function progressScore(cells: readonly ConceptProgress[]): number {
  const weight: Record<ConceptStatus, number> = { new: 0, explained: 2, due: 1, known: 3 };
  return cells.reduce((sum, c) => sum + weight[c.status], 0);
}

/** A due date as people read it, in their own time zone. */
export function dueText(dueAt: string | null): string {
  if (!dueAt) return 'No due date';
  return `Due ${new Date(dueAt).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })}`;
}
