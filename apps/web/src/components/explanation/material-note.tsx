import { type MaterialRef, pageCitation, type Source } from '@grasp/contract';

/** The pages an explanation cites from the learner's material, in order: "p. 2, p. 5". */
export function citedPages(sources: readonly Source[]): string {
  const pages = [
    ...new Set(sources.flatMap((s) => (s.origin === 'document' && s.page ? [s.page] : []))),
  ];
  return pages
    .sort((a, b) => a - b)
    .map(pageCitation)
    .join(', ');
}

/** Says an explanation was made from the learner's own material, names it and its pages. */
export function MaterialNote({
  material,
  sources,
}: {
  material: MaterialRef;
  sources: readonly Source[];
}) {
  const pages = citedPages(sources);
  return (
    <p className="rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950/50 dark:text-indigo-100">
      From your material <span className="font-semibold break-words">“{material.title}”</span>
      {pages ? ` · cites ${pages}` : ''}
    </p>
  );
}
