import type { ExplanationProvider } from './provider.ts';
import {
  createRemoteProvider,
  lazyModel,
  type Prompts,
  type VendorOptions,
} from './remote-provider.ts';

/** A local model served by Ollama; unavailable until OLLAMA_BASE_URL says where it runs. */
export function createOllamaProvider(
  { baseUrl: url, model: modelId, onUsage }: VendorOptions,
  prompts: Prompts,
): ExplanationProvider {
  const model =
    url === undefined
      ? null
      : lazyModel(async () => {
          const { createOllama } = await import('ollama-ai-provider-v2');
          return createOllama({ baseURL: ollamaApiUrl(url) })(modelId);
        });
  return createRemoteProvider({ id: 'local-ollama', model, modelId, onUsage, prompts });
}

/**
 * Ollama is usually addressed by its host (http://localhost:11434) while the SDK provider wants
 * the API root (…/api); accept both.
 */
export function ollamaApiUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/api') ? trimmed : `${trimmed}/api`;
}
