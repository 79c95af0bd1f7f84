export function RelatedConcepts({
  concepts,
  onSearch,
  disabled = false,
  lang,
}: {
  concepts: readonly string[];
  onSearch: (query: string) => void;
  disabled?: boolean;
  /** The language the names are written in, when it is the explanation's. */
  lang?: string;
}) {
  if (concepts.length === 0) return null;
  return (
    <section aria-labelledby="related-concepts-title" className="print:hidden">
      <h3
        id="related-concepts-title"
        className="text-lg font-semibold text-slate-900 dark:text-slate-100"
      >
        Related Concepts
      </h3>
      <ul className="mt-3 grid grid-cols-1 gap-2 md:grid-cols-3" lang={lang}>
        {concepts.map((concept) => (
          <li key={concept}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onSearch(concept)}
              className="w-full rounded-lg border border-slate-200 bg-white px-4 py-3 text-left text-sm font-medium text-slate-800 hover:border-indigo-400 hover:bg-indigo-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-indigo-500 dark:hover:bg-indigo-950"
            >
              {concept}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
