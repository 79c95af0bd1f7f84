import { READ_ONLY_NOTE, useCanWrite } from '../hooks/use-staff.ts';

/** Tells support staff why the actions on the page are greyed out. */
export function ReadOnlyNote({ id }: { id?: string }) {
  if (useCanWrite()) return null;
  return (
    <p
      id={id}
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      {READ_ONLY_NOTE}
    </p>
  );
}
