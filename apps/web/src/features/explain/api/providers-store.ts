import { type ProviderId, type ProvidersResponse, providersResponseSchema } from '@grasp/contract';
import { create } from 'zustand';
import { apiRequest } from '../../../lib/api-client.ts';

export const PROVIDERS_PATH = '/api/ai/providers';

interface ProvidersState {
  data: ProvidersResponse | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Loads the list once; later calls share the same answer. Resolves null when it failed. */
  load: () => Promise<ProvidersResponse | null>;
}

let pending: Promise<ProvidersResponse | null> | null = null;

export const useProviders = create<ProvidersState>()((set, get) => ({
  data: null,
  status: 'idle',
  load: () => {
    const { data, status } = get();
    if (status === 'ready') return Promise.resolve(data);
    if (pending) return pending;
    set({ status: 'loading' });
    pending = apiRequest<unknown>(PROVIDERS_PATH)
      .then((body) => {
        const parsed = providersResponseSchema.safeParse(body);
        if (!parsed.success) throw new Error('Unexpected providers answer');
        set({ data: parsed.data, status: 'ready' });
        return parsed.data;
      })
      .catch(() => {
        // Without the list the server picks its default provider; a later load tries again.
        set({ status: 'failed' });
        return null;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  },
}));

/**
 * The provider to ask: the saved choice while the server says it is available, else the
 * server's default. Undefined (the server decides) when the list could not be loaded.
 */
export function resolveProvider(
  saved: string,
  info: ProvidersResponse | null,
): ProviderId | undefined {
  if (!info) return undefined;
  const match = info.providers.find((p) => p.id === saved && p.available);
  return match ? match.id : info.default;
}
