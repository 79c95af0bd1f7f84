import {
  LANGUAGE_IDS,
  type LanguageId,
  PROVIDER_IDS,
  PROVIDER_LABELS,
  type ProviderId,
} from '@grasp/contract';
import { createAnthropicProvider } from './anthropic.ts';
import { createGoogleProvider } from './google.ts';
import { createOllamaProvider } from './ollama.ts';
import { createOpenAIProvider } from './openai.ts';
import type { ExplanationProvider } from './provider.ts';
import type { Prompts, VendorOptions } from './remote-provider.ts';

export interface ProviderSummary {
  id: ProviderId;
  label: string;
  /** False when the provider's key or URL is not configured. */
  available: boolean;
  /** The languages it explains in. */
  languages: LanguageId[];
}

export interface ProviderRegistry {
  /** Unavailable providers are returned too, so callers can tell "not configured" from "unknown". */
  get(id: string): ExplanationProvider | undefined;
  /** In the contract's order, for GET /api/ai/providers. */
  list(): ProviderSummary[];
  /** Used when the user picks no provider. */
  readonly defaultId: ProviderId;
}

/**
 * Default: `preferredDefault` (DEFAULT_AI_PROVIDER) when it names an available provider, else
 * Gemini when configured (DESIGN.md §3), else the offline explainer, which must be registered.
 */
export function createProviderRegistry(
  providers: ExplanationProvider[],
  preferredDefault?: string,
): ProviderRegistry {
  const byId = new Map<string, ExplanationProvider>();
  for (const provider of providers) {
    if (byId.has(provider.id)) throw new Error(`Provider ${provider.id} is registered twice`);
    byId.set(provider.id, provider);
  }
  if (!byId.has('offline')) {
    throw new Error('The offline provider must be registered: it is the fallback');
  }
  const isAvailable = (id: string | undefined): id is ProviderId =>
    id !== undefined && byId.get(id)?.available === true;

  const defaultId: ProviderId = isAvailable(preferredDefault)
    ? preferredDefault
    : isAvailable('remote-google')
      ? 'remote-google'
      : 'offline';

  const list = (): ProviderSummary[] =>
    PROVIDER_IDS.flatMap((id) => {
      const provider = byId.get(id);
      return provider === undefined
        ? []
        : [
            {
              id,
              label: PROVIDER_LABELS[id],
              available: provider.available,
              languages: [...(provider.languages ?? LANGUAGE_IDS)],
            },
          ];
    });

  return { get: (id) => byId.get(id), list, defaultId };
}

/** Each remote vendor's options (explain/vendor-options.ts reads them from the config). */
export interface VendorsOptions {
  google: VendorOptions;
  openai: VendorOptions;
  anthropic: VendorOptions;
  ollama: VendorOptions;
}

/** The offline explainer plus the four remote vendors, each available when configured. */
export function createConfiguredProviders(
  vendors: VendorsOptions,
  prompts: Prompts,
  offline: ExplanationProvider,
): ExplanationProvider[] {
  return [
    offline,
    createGoogleProvider(vendors.google, prompts),
    createOpenAIProvider(vendors.openai, prompts),
    createAnthropicProvider(vendors.anthropic, prompts),
    createOllamaProvider(vendors.ollama, prompts),
  ];
}
