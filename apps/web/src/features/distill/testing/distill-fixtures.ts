import type { DistillResponse, HistoryEntry } from '@grasp/contract';
import { vi } from 'vitest';
import { json, PROVIDERS } from '../../explain/testing/fixtures.ts';
import { useDistillStore } from '../stores/distill-store.ts';

export const RESULT: DistillResponse = {
  concepts: ['history', 'printing press', 'movable type'],
  template: 'historicalTimeline',
  prerequisites: [{ from: 'movable type', to: 'printing press' }],
  status: { history: 'new', 'printing press': 'explained', 'movable type': 'known' },
};

export const LONG_ANSWER = `## Understanding the printing press (0-30 seconds)\n${'Gutenberg combined a screw press with movable metal type. '.repeat(6)}`;

export function entry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    concept_description: 'default',
    ai_answer: LONG_ANSWER,
    created_date: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

type Handler<A> = (arg: A) => Response | Promise<Response>;

export interface DistillApi {
  distill?: Handler<Record<string, unknown>>;
  /** Receives the decoded concept name. */
  history?: Handler<string>;
  explain?: Handler<Record<string, unknown>>;
}

/** Stubs fetch for the distiller's calls; anything unexpected answers 404. */
export function stubDistillApi(api: DistillApi = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = () => JSON.parse(String(init.body)) as Record<string, unknown>;
    if (url.endsWith('/api/ai/providers')) return json(PROVIDERS);
    if (url.endsWith('/api/concepts/distill')) return (api.distill ?? (() => json(RESULT)))(body());
    const history = /\/api\/concepts\/history\/([^/?]+)$/.exec(url);
    if (history?.[1]) {
      return (api.history ?? (() => json([])))(decodeURIComponent(history[1]));
    }
    if (url.endsWith('/api/ai/aiResponseGoogle') && api.explain) return api.explain(body());
    return json({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function callsTo(fetchMock: ReturnType<typeof stubDistillApi>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url).includes(path));
}

export function resetDistillStore(): void {
  useDistillStore.getState().reset();
}
