import {
  LANGUAGE_IDS,
  type LanguageId,
  PROVIDER_IDS,
  PROVIDER_LABELS,
  type ProviderId,
} from '@grasp/contract';
import { type AnthropicConfig, createAnthropicProvider } from './anthropic.ts';
import { createGoogleProvider, type GoogleConfig } from './google.ts';
import { createOllamaProvider, type OllamaConfig } from './ollama.ts';
import { createOpenAIProvider, type OpenAIConfig } from './openai.ts';
import type { ExplanationProvider } from './provider.ts';
import type { Prompts } from './remote-provider.ts';

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

/** The slice of Config the vendors read; a whole Config fits. */
export type ProvidersConfig = GoogleConfig & OpenAIConfig & AnthropicConfig & OllamaConfig;

/** The offline explainer plus the four remote vendors, each available when configured. */
export function createConfiguredProviders(
  config: ProvidersConfig,
  prompts: Prompts,
  offline: ExplanationProvider,
): ExplanationProvider[] {
  return [
    offline,
    createGoogleProvider(config, prompts),
    createOpenAIProvider(config, prompts),
    createAnthropicProvider(config, prompts),
    createOllamaProvider(config, prompts),
  ];
}
