import type { ExplanationProvider } from './provider.ts';
import {
  createRemoteProvider,
  lazyModel,
  type Prompts,
  type VendorOptions,
} from './remote-provider.ts';

/** Gemini through the Generative Language API; unavailable without an API key. */
export function createGoogleProvider(
  { apiKey, baseUrl, model: modelId, onUsage }: VendorOptions,
  prompts: Prompts,
): ExplanationProvider {
  const model =
    apiKey === undefined
      ? null
      : lazyModel(async () => {
          const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
          // baseURL includes the API version (…/v1beta), as the SDK expects.
          const google = createGoogleGenerativeAI({ apiKey, baseURL: baseUrl });
          return google(modelId);
        });
  return createRemoteProvider({ id: 'remote-google', model, modelId, onUsage, prompts });
}
