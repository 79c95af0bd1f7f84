import type { ExplanationProvider } from './provider.ts';
import {
  createRemoteProvider,
  lazyModel,
  type Prompts,
  type VendorOptions,
} from './remote-provider.ts';

/** Anthropic Claude through the Messages API; unavailable without an API key. */
export function createAnthropicProvider(
  { apiKey, baseUrl, model: modelId, onUsage }: VendorOptions,
  prompts: Prompts,
): ExplanationProvider {
  const model =
    apiKey === undefined
      ? null
      : lazyModel(async () => {
          const { createAnthropic } = await import('@ai-sdk/anthropic');
          const anthropic = createAnthropic({ apiKey, baseURL: baseUrl });
          return anthropic(modelId);
        });
  // The Messages API requires max_tokens; without one the SDK guesses per model and warns on
  // every call. A two-minute explanation needs far less than this.
  return createRemoteProvider({
    id: 'remote-claude',
    model,
    modelId,
    onUsage,
    prompts,
    maxOutputTokens: 4096,
  });
}
