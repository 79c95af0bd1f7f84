import type { Config } from '../../../config/config.ts';
import type { ExplanationProvider } from './provider.ts';
import { createRemoteProvider, lazyModel, type Prompts } from './remote-provider.ts';

export type OllamaConfig = Pick<Config, 'OLLAMA_BASE_URL' | 'OLLAMA_MODEL'>;

/** A local model served by Ollama; unavailable until OLLAMA_BASE_URL says where it runs. */
export function createOllamaProvider(config: OllamaConfig, prompts: Prompts): ExplanationProvider {
  const url = config.OLLAMA_BASE_URL;
  const model =
    url === undefined
      ? null
      : lazyModel(async () => {
          const { createOllama } = await import('ollama-ai-provider-v2');
          return createOllama({ baseURL: ollamaApiUrl(url) })(config.OLLAMA_MODEL);
        });
  return createRemoteProvider({ id: 'local-ollama', model, prompts });
}

/**
 * Ollama is usually addressed by its host (http://localhost:11434) while the SDK provider wants
 * the API root (…/api); accept both.
 */
export function ollamaApiUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/api') ? trimmed : `${trimmed}/api`;
}
