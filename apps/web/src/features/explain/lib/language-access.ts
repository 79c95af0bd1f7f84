import {
  DEFAULT_LANGUAGE,
  LANGUAGE_IDS,
  type LanguageId,
  type ProvidersResponse,
} from '@grasp/contract';
import { resolveProvider } from '../api/providers-store.ts';

/** What the chosen provider can write, and who could write the rest. */
export interface LanguageAccess {
  /** The languages the provider that will answer writes; every one while that is unknown. */
  available: readonly LanguageId[];
  /** Labels of the configured providers that write every language (for the note). */
  ableProviders: string[];
}

/**
 * Which languages can be asked for with the provider the search will use (DESIGN.md §9: the
 * offline dictionary is English only). Without the providers list nothing is ruled out: the
 * server decides, and says so clearly if it cannot.
 */
export function languageAccess(aiProvider: string, info: ProvidersResponse | null): LanguageAccess {
  if (!info) return { available: LANGUAGE_IDS, ableProviders: [] };
  const id = resolveProvider(aiProvider, info) ?? info.default;
  const provider = info.providers.find((p) => p.id === id);
  const ableProviders = info.providers
    .filter((p) => p.available && LANGUAGE_IDS.every((l) => p.languages.includes(l)))
    .map((p) => p.label);
  return { available: provider?.languages ?? LANGUAGE_IDS, ableProviders };
}

/**
 * The language actually asked for: the saved one while the provider writes it, else English.
 * The saved choice stays, so it comes back with a provider that can write it; the picker shows
 * why it is not used meanwhile, instead of a search failing after the click.
 */
export function effectiveLanguage(saved: LanguageId, access: LanguageAccess): LanguageId {
  return access.available.includes(saved) ? saved : DEFAULT_LANGUAGE;
}
