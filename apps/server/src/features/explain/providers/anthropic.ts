import type { Config } from '../../../config/config.ts';
import type { ExplanationProvider } from './provider.ts';
import { createRemoteProvider, lazyModel, type Prompts } from './remote-provider.ts';

export type AnthropicConfig = Pick<
  Config,
  'ANTHROPIC_API_KEY' | 'ANTHROPIC_BASE_URL' | 'ANTHROPIC_MODEL'
>;

/** Anthropic Claude through the Messages API; unavailable without an API key. */
export function createAnthropicProvider(
  config: AnthropicConfig,
  prompts: Prompts,
): ExplanationProvider {
  const apiKey = config.ANTHROPIC_API_KEY;
  const model =
    apiKey === undefined
      ? null
      : lazyModel(async () => {
          const { createAnthropic } = await import('@ai-sdk/anthropic');
          const anthropic = createAnthropic({ apiKey, baseURL: config.ANTHROPIC_BASE_URL });
          return anthropic(config.ANTHROPIC_MODEL);
        });
  // The Messages API requires max_tokens; without one the SDK guesses per model and warns on
  // every call. A two-minute explanation needs far less than this.
  return createRemoteProvider({ id: 'remote-claude', model, prompts, maxOutputTokens: 4096 });
}
