import {
  type Glossary,
  LANGUAGE_ENGLISH_NAMES,
  LANGUAGE_NAMES,
  type LanguageId,
} from '@grasp/contract';
import { useScriptFonts } from '../lib/script-fonts.ts';

/**
 * The language an explanation is written in, as a badge beside provider, style and level; it
 * also makes sure the language's script can be drawn (lib/script-fonts.ts).
 */
export function LanguageBadge({ language }: { language: LanguageId }) {
  useScriptFonts([language]);
  return (
    <span className="inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
      <span className="sr-only">Language: </span>
      <span lang={language}>{LANGUAGE_NAMES[language]}</span>
      {language !== 'en' && <span className="sr-only"> ({LANGUAGE_ENGLISH_NAMES[language]})</span>}
    </span>
  );
}

/**
 * The English technical terms an explanation in another language kept, each with its meaning in
 * that language (DESIGN.md §9): a small table under the sections.
 */
export function GlossaryTable({
  glossary,
  language,
}: {
  glossary: Glossary | undefined;
  language: LanguageId;
}) {
  if (!glossary || glossary.length === 0) return null;
  return (
    <section
      aria-labelledby="glossary-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id="glossary-title" className="font-semibold text-slate-900 dark:text-slate-100">
        Glossary
      </h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        The English terms used above, as your exams and textbooks write them.
      </p>
      <table className="mt-3 w-full table-fixed border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
            <th scope="col" className="w-2/5 py-1.5 pr-3 font-medium">
              Term
            </th>
            <th scope="col" className="py-1.5 font-medium">
              Meaning
            </th>
          </tr>
        </thead>
        <tbody>
          {glossary.map(({ term, meaning }) => (
            <tr
              key={term}
              className="border-b border-slate-100 last:border-0 dark:border-slate-800"
            >
              <th
                scope="row"
                lang="en"
                className="py-2 pr-3 align-top font-medium break-words text-slate-900 dark:text-slate-100"
              >
                {term}
              </th>
              <td
                lang={language}
                className="py-2 align-top break-words text-slate-700 dark:text-slate-300"
              >
                {meaning}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
