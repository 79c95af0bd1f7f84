import {
  LANGUAGE_ENGLISH_NAMES,
  LANGUAGE_IDS,
  LANGUAGE_NAMES,
  type LanguageId,
} from '@grasp/contract';
import { useEffect, useId } from 'react';
import { useSettings } from '../../settings/settings-store.ts';
import { useProviders } from '../api/providers-store.ts';
import { effectiveLanguage, languageAccess } from '../lib/language-access.ts';
import { useScriptFonts } from '../lib/script-fonts.ts';

/** Why some languages cannot be chosen: the provider that would answer writes English only. */
function needsProviderNote(unavailable: readonly LanguageId[], ableProviders: string[]): string {
  const which =
    unavailable.length === LANGUAGE_IDS.length - 1 ? 'Other languages' : 'Some languages';
  const fix =
    ableProviders.length > 0
      ? `Choose ${ableProviders.join(' or ')} under AI provider to explain in them.`
      : 'No AI provider is configured on this server yet.';
  return `${which} need an AI provider: the offline dictionary explains in English only. ${fix}`;
}

/**
 * The language of the explanation, beside the difficulty (DESIGN.md §9): each name in its own
 * script, remembered in settings. Languages the chosen provider cannot write are disabled, with
 * the reason, rather than failing after a search.
 */
export function LanguagePicker() {
  const saved = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  const aiProvider = useSettings((s) => s.aiProvider);
  const { data, load } = useProviders();
  const noteId = useId();
  // Each name is written in its own script.
  useScriptFonts(LANGUAGE_IDS);

  useEffect(() => {
    void load();
  }, [load]);

  const access = languageAccess(aiProvider, data);
  const chosen = effectiveLanguage(saved, access);
  const unavailable = LANGUAGE_IDS.filter((l) => !access.available.includes(l));

  return (
    <fieldset className="min-w-0" aria-describedby={unavailable.length > 0 ? noteId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">
        Language
      </legend>
      <div className="inline-flex flex-wrap rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
        {LANGUAGE_IDS.map((language) => {
          const disabled = !access.available.includes(language);
          return (
            <label
              key={language}
              className={disabled ? 'cursor-not-allowed' : 'cursor-pointer'}
              title={LANGUAGE_ENGLISH_NAMES[language]}
            >
              <input
                type="radio"
                name="language"
                value={language}
                checked={chosen === language}
                disabled={disabled}
                onChange={() => setLanguage(language)}
                aria-label={
                  language === 'en'
                    ? LANGUAGE_NAMES.en
                    : `${LANGUAGE_NAMES[language]} (${LANGUAGE_ENGLISH_NAMES[language]})`
                }
                className="peer sr-only"
              />
              <span
                lang={language}
                className="block rounded-md px-3 py-1.5 text-sm text-slate-700 peer-checked:bg-indigo-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-500 peer-disabled:text-slate-400 peer-disabled:line-through dark:text-slate-300 dark:peer-disabled:text-slate-600"
              >
                {LANGUAGE_NAMES[language]}
              </span>
            </label>
          );
        })}
      </div>
      {unavailable.length > 0 && (
        <p id={noteId} className="mt-1 max-w-md text-xs text-amber-800 dark:text-amber-300">
          {needsProviderNote(unavailable, access.ableProviders)}
        </p>
      )}
    </fieldset>
  );
}
