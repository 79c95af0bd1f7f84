import type { Config } from '../../config/config.ts';
import type { VendorsOptions } from './providers/registry.ts';
import type { UsageReport } from './providers/remote-provider.ts';

/** The part of the config the remote vendors are built from; a whole Config fits. */
export type ProvidersConfig = Pick<
  Config,
  | 'GOOGLE_GENERATIVE_AI_API_KEY'
  | 'GOOGLE_BASE_URL'
  | 'GOOGLE_MODEL'
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_MODEL'
  | 'ANTHROPIC_API_KEY'
  | 'ANTHROPIC_BASE_URL'
  | 'ANTHROPIC_MODEL'
  | 'OLLAMA_BASE_URL'
  | 'OLLAMA_MODEL'
>;

/** The providers get plain options, never the server's config (STYLE.md 12). */
export function vendorOptionsOf(config: ProvidersConfig, onUsage?: UsageReport): VendorsOptions {
  const vendors: VendorsOptions = {
    google: {
      apiKey: config.GOOGLE_GENERATIVE_AI_API_KEY,
      baseUrl: config.GOOGLE_BASE_URL,
      model: config.GOOGLE_MODEL,
    },
    openai: {
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      model: config.OPENAI_MODEL,
    },
    anthropic: {
      apiKey: config.ANTHROPIC_API_KEY,
      baseUrl: config.ANTHROPIC_BASE_URL,
      model: config.ANTHROPIC_MODEL,
    },
    ollama: { baseUrl: config.OLLAMA_BASE_URL, model: config.OLLAMA_MODEL },
  };
  if (!onUsage) return vendors;
  for (const vendor of Object.values(vendors)) vendor.onUsage = onUsage;
  return vendors;
}
