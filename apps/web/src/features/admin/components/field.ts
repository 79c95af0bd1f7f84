/** The console's inputs, alike in light and dark, with the error look driven by aria-invalid. */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:aria-invalid:border-red-400 sm:text-sm';

export const labelClass = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200';
