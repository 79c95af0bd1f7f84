import { DIFFICULTIES, DIFFICULTY_LABELS } from '@grasp/contract';
import { useSettings } from '../../settings/settings-store.ts';

/** Beginner / Intermediate / Advanced as a radio group: arrow keys move between them. */
export function DifficultyPicker() {
  const difficulty = useSettings((s) => s.difficulty);
  const setDifficulty = useSettings((s) => s.setDifficulty);
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">
        Difficulty
      </legend>
      <div className="inline-flex flex-wrap rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
        {DIFFICULTIES.map((level) => (
          <label key={level} className="cursor-pointer">
            <input
              type="radio"
              name="difficulty"
              value={level}
              checked={difficulty === level}
              onChange={() => setDifficulty(level)}
              className="peer sr-only"
            />
            <span className="block rounded-md px-3 py-1.5 text-sm text-slate-700 peer-checked:bg-indigo-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-500 dark:text-slate-300">
              {DIFFICULTY_LABELS[level]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
