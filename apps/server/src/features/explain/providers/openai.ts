import type { Config } from '../../../config/config.ts';
import type { ExplanationProvider } from './provider.ts';
import { createRemoteProvider, lazyModel, type Prompts } from './remote-provider.ts';

export type OpenAIConfig = Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>;

/** OpenAI GPT; unavailable without an API key. */
export function createOpenAIProvider(config: OpenAIConfig, prompts: Prompts): ExplanationProvider {
  const apiKey = config.OPENAI_API_KEY;
  // The Responses API (POST {baseURL}/responses) is the SDK's default; named explicitly so a
  // change of default cannot silently move us off the wire format the fake vendor speaks.
  const model =
    apiKey === undefined
      ? null
      : lazyModel(async () => {
          const { createOpenAI } = await import('@ai-sdk/openai');
          const openai = createOpenAI({ apiKey, baseURL: config.OPENAI_BASE_URL });
          return openai.responses(config.OPENAI_MODEL);
        });
  return createRemoteProvider({ id: 'remote-openai', model, prompts });
}
