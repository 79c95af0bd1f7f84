import {
  LANGUAGE_ENGLISH_NAMES,
  LANGUAGE_NAMES,
  mapCitations,
  pageCitation,
  SOURCE_NOTICES,
  SOURCE_ORIGIN_LABELS,
  type Source,
  WIKIPEDIA_LICENSE_URL,
} from '@grasp/contract';
import { createContext, type ReactNode, useContext } from 'react';

/** The sources of the explanation on the page: its text and its follow-ups cite them as [n]. */
const SourcesContext = createContext<readonly Source[]>([]);

export function SourcesProvider({
  sources,
  children,
}: {
  sources: readonly Source[];
  children: ReactNode;
}) {
  return <SourcesContext.Provider value={sources}>{children}</SourcesContext.Provider>;
}

export const useSources = () => useContext(SourcesContext);

const ANCHOR = 'source-';
export const sourceAnchor = (n: number) => `${ANCHOR}${n}`;

/** "[1]" → a link to source 1 in the list; a marker pointing at no source is left out. */
export function linkCitations(markdown: string, sources: readonly Source[]): string {
  if (sources.length === 0) return markdown;
  const known = new Set(sources.map((s) => s.n));
  return mapCitations(markdown, (numbers, lead) => {
    const kept = numbers.filter((n) => known.has(n));
    return kept.length === 0
      ? ''
      : `${lead}${kept.map((n) => `[${n}](#${sourceAnchor(n)})`).join('')}`;
  });
}

/** The source a link of linkCitations points at, or undefined for any other link. */
export function citedSource(href: string, sources: readonly Source[]): Source | undefined {
  if (!href.startsWith(`#${ANCHOR}`)) return undefined;
  const n = Number(href.slice(ANCHOR.length + 1));
  return sources.find((s) => s.n === n);
}

const where = (source: Source) =>
  `${SOURCE_ORIGIN_LABELS[source.origin]}${source.page ? `, ${pageCitation(source.page)}` : ''}`;

/** A small superscript link whose accessible name says which source it is. */
export function Citation({ source }: { source: Source }) {
  return (
    <sup className="ml-0.5 leading-none">
      <a
        href={`#${sourceAnchor(source.n)}`}
        aria-label={`Source ${source.n}: ${source.title}, ${where(source)}`}
        className="rounded px-0.5 text-[0.75em] font-semibold text-indigo-700 no-underline hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
      >
        [{source.n}]
      </a>
    </sup>
  );
}

/** The numbered list at the end of an explanation: title, language and a one-line excerpt. */
export function SourcesList({
  sources,
  heading = 'h2',
}: {
  sources: readonly Source[];
  heading?: 'h2' | 'h3';
}) {
  if (sources.length === 0) return null;
  const Heading = heading;
  return (
    <section aria-labelledby="sources-title" className="break-inside-avoid">
      <Heading
        id="sources-title"
        className={`mb-2 font-semibold ${heading === 'h2' ? 'text-xl' : 'text-lg'}`}
      >
        Sources
      </Heading>
      <ol className="space-y-2 text-sm">
        {sources.map((source) => (
          <li
            key={source.n}
            id={sourceAnchor(source.n)}
            tabIndex={-1}
            className="flex scroll-mt-20 gap-2 rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 target:bg-indigo-50 dark:target:bg-indigo-950/60"
          >
            <span className="shrink-0 font-semibold text-slate-600 dark:text-slate-300">
              {source.n}.
            </span>
            <div className="min-w-0">
              <p className="break-words">
                {source.url ? (
                  <a
                    href={source.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    lang={source.language}
                    className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
                  >
                    {source.title}
                  </a>
                ) : (
                  <span lang={source.language} className="font-medium">
                    {source.title}
                  </span>
                )}
                <span className="text-slate-600 dark:text-slate-400">
                  {' · '}
                  {where(source)}
                  {' · '}
                  <span lang={source.language}>{LANGUAGE_NAMES[source.language]}</span>
                  {source.language !== 'en' && (
                    <span className="sr-only"> ({LANGUAGE_ENGLISH_NAMES[source.language]})</span>
                  )}
                </span>
              </p>
              <p lang={source.language} className="truncate text-slate-600 dark:text-slate-400">
                {source.excerpt}
              </p>
            </div>
          </li>
        ))}
      </ol>
      <Attribution sources={sources} />
    </section>
  );
}

/** The attribution a licensed text asks for (Wikipedia's CC BY-SA): readable, and quiet. */
function Attribution({ sources }: { sources: readonly Source[] }) {
  const licensed = sources.find((s) => s.origin === 'wikipedia' && s.license);
  if (!licensed) return null;
  return (
    <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
      {SOURCE_NOTICES.wikipediaAttribution}{' '}
      <a
        href={WIKIPEDIA_LICENSE_URL}
        target="_blank"
        rel="noopener noreferrer license"
        className="underline underline-offset-2 hover:text-slate-900 dark:hover:text-slate-200"
      >
        {licensed.license}
      </a>
      .
    </p>
  );
}

/** Plain text (a quiz's `why`) with its [n] linked like the explanation's own. */
export function CitedText({ text }: { text: string }) {
  const sources = useSources();
  if (sources.length === 0) return text;
  // Markers become "\u0000n\u0000" so the text splits into words and citations.
  const parts = mapCitations(text, (numbers, lead) =>
    numbers.some((n) => sources.some((s) => s.n === n))
      ? `${lead}${numbers.map((n) => `\u0000${n}\u0000`).join('')}`
      : '',
  ).split('\u0000');
  return parts.map((part, i) => {
    const source = i % 2 === 1 ? sources.find((s) => s.n === Number(part)) : undefined;
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
    return source ? <Citation key={i} source={source} /> : part;
  });
}
