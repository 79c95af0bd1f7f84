import type { ExplanationProvider } from './provider.ts';
import {
  createRemoteProvider,
  lazyModel,
  type Prompts,
  type VendorOptions,
} from './remote-provider.ts';

/** OpenAI GPT; unavailable without an API key. */
export function createOpenAIProvider(
  { apiKey, baseUrl, model: modelId, onUsage }: VendorOptions,
  prompts: Prompts,
): ExplanationProvider {
  // The Responses API (POST {baseURL}/responses) is the SDK's default; named explicitly so a
  // change of default cannot silently move us off the wire format the fake vendor speaks.
  const model =
    apiKey === undefined
      ? null
      : lazyModel(async () => {
          const { createOpenAI } = await import('@ai-sdk/openai');
          const openai = createOpenAI({ apiKey, baseURL: baseUrl });
          return openai.responses(modelId);
        });
  return createRemoteProvider({ id: 'remote-openai', model, modelId, onUsage, prompts });
}
