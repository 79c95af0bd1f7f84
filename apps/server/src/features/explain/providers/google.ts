import type { Config } from '../../../config/config.ts';
import type { ExplanationProvider } from './provider.ts';
import { createRemoteProvider, lazyModel, type Prompts } from './remote-provider.ts';

export type GoogleConfig = Pick<
  Config,
  'GOOGLE_GENERATIVE_AI_API_KEY' | 'GOOGLE_BASE_URL' | 'GOOGLE_MODEL'
>;

/** Gemini through the Generative Language API; unavailable without an API key. */
export function createGoogleProvider(config: GoogleConfig, prompts: Prompts): ExplanationProvider {
  const apiKey = config.GOOGLE_GENERATIVE_AI_API_KEY;
  const model =
    apiKey === undefined
      ? null
      : lazyModel(async () => {
          const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
          // baseURL includes the API version (…/v1beta), as the SDK expects.
          const google = createGoogleGenerativeAI({ apiKey, baseURL: config.GOOGLE_BASE_URL });
          return google(config.GOOGLE_MODEL);
        });
  return createRemoteProvider({ id: 'remote-google', model, prompts });
}
