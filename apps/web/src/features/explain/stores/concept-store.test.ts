import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../lib/auth-store.ts';
import { sseEvent } from '../../../testing/api-fixtures.ts';
import { useSettings } from '../../settings/settings-store.ts';
import {
  explainCalls,
  json,
  makeResponse,
  makeUser,
  resetStores,
  sse,
  sseAnswer,
  stubApi,
} from '../testing/fixtures.ts';
import { useConceptStore } from './concept-store.ts';
import { CONCEPTS_STORAGE_KEY } from './saved-concepts.ts';

const state = () => useConceptStore.getState();

describe('concept store', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('drops the streamed text when the server asks again, never showing it beside the new one', async () => {
    const answer = makeResponse();
    const seen: string[] = [];
    const unsubscribe = useConceptStore.subscribe((s) => {
      seen.push(s.streamingText);
    });
    stubApi(() =>
      sse([
        sseEvent('delta', { text: '## Broken (0-60 seconds)\nToo short.' }),
        sseEvent('retry', { reason: 'it had 1 timed sections where at least 4 are needed' }),
        sseEvent('delta', { text: answer.response }),
        sseEvent('done', answer),
      ]),
    );
    await state().search('Photosynthesis');
    unsubscribe();
    const broken = seen.findIndex((text) => text.includes('Broken'));
    const reset = seen.indexOf('', broken);
    expect(broken).toBeGreaterThanOrEqual(0);
    expect(reset).toBeGreaterThan(broken);
    expect(seen.slice(reset).some((text) => text.includes('Broken'))).toBe(false);
    expect(seen.slice(reset)).toContain(answer.response);
    expect(state().currentConcept?.content).toEqual(answer);
  });

  it('streams SSE deltas, exposes the partial text, then keeps the done answer', async () => {
    const answer = makeResponse();
    const seen: string[] = [];
    const unsubscribe = useConceptStore.subscribe((s) => {
      if (s.streamingText) seen.push(s.streamingText);
    });
    const fetchMock = stubApi(() => sseAnswer(answer, 3));
    await state().search('  Photosynthesis ');
    unsubscribe();

    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.at(-1)).toBe(answer.response);
    expect(state()).toMatchObject({
      loading: false,
      error: null,
      streamingText: '',
      currentConcept: { query: 'Photosynthesis', content: answer },
    });
    expect(state().concepts[0]).toMatchObject({
      query: 'Photosynthesis',
      template: 'default',
      difficulty: 'beginner',
    });
    expect(state().recent.map((r) => r.query)).toEqual(['Photosynthesis']);

    const [call] = explainCalls(fetchMock);
    const init = call?.[1] as RequestInit;
    const headers = init.headers as Record<string, string>;
    expect(headers.Accept).toBe('text/event-stream');
    expect(headers.Authorization).toBe('Bearer tok');
    // The saved remote-google is unavailable, so the server default is asked.
    expect(JSON.parse(String(init.body))).toEqual({
      query: 'Photosynthesis',
      template: 'default',
      difficulty: 'beginner',
      language: 'en',
      provider: 'offline',
      username: 'asha',
    });
  });

  it('reads a JSON answer when the server does not stream', async () => {
    stubApi(() => json(makeResponse({ cached: true })));
    await state().search('Gravity');
    expect(state().currentConcept?.content.cached).toBe(true);
  });

  it('shows a cached concept at once, without a call, for the same query, template and difficulty', async () => {
    const fetchMock = stubApi(() => json(makeResponse()));
    await state().search('Gravity');
    await state().search('gRAVITY ');
    expect(explainCalls(fetchMock)).toHaveLength(1);
    expect(state().currentConcept?.query).toBe('Gravity');

    useSettings.setState({ difficulty: 'advanced' });
    await state().search('gravity');
    useSettings.setState({ difficulty: 'beginner' });
    useAuth.setState({ user: makeUser('pro') });
    useSettings.setState({ promptTemplate: 'storytelling' });
    await state().search('gravity');
    expect(explainCalls(fetchMock)).toHaveLength(3);
    expect(state().concepts.map((c) => [c.difficulty, c.template])).toEqual([
      ['beginner', 'storytelling'],
      ['advanced', 'default'],
      ['beginner', 'default'],
    ]);
  });

  it('regenerate asks again past the cache and replaces the cached answer', async () => {
    let n = 0;
    const fetchMock = stubApi(() => json(makeResponse({ response: `## A\nversion ${++n}` })));
    await state().search('Gravity');
    await state().regenerate();
    expect(explainCalls(fetchMock)).toHaveLength(2);
    expect(state().currentConcept?.content.response).toContain('version 2');
    expect(state().concepts).toHaveLength(1);
  });

  it('sends a Free user default instead of a premium template saved earlier', async () => {
    useSettings.setState({ promptTemplate: 'storytelling' });
    const fetchMock = stubApi(() => json(makeResponse()));
    await state().search('Gravity');
    const body = JSON.parse(String(explainCalls(fetchMock)[0]?.[1]?.body));
    expect(body.template).toBe('default');
  });

  it('maps a 402 to the units-exhausted state and keeps the query for Try Again', async () => {
    stubApi(() =>
      json(
        { success: false, code: 'UNITS_EXHAUSTED', message: 'No subscription units available' },
        402,
      ),
    );
    await state().search('Gravity');
    expect(state().error?.kind).toBe('unitsExhausted');
    expect(state().activeQuery).toBe('Gravity');
    expect(state().loading).toBe(false);
  });

  it('maps an SSE error event and a bodiless 500', async () => {
    stubApi(() =>
      sse([
        'event: delta\ndata: {"text":"## A"}\n\n',
        'event: error\ndata: {"success":false,"code":"PROVIDER_ERROR","message":"Vendor down"}\n\n',
      ]),
    );
    await state().search('Gravity');
    expect(state().error).toEqual({ kind: 'general', message: 'Vendor down' });
    expect(state().streamingText).toBe('');

    stubApi(() => new Response('', { status: 500 }));
    await state().search('Gravity');
    expect(state().error?.message).toBe('Internal Server Error');
  });

  it('reads a stream that ends without done as a failure', async () => {
    stubApi(() => sse(['event: delta\ndata: {"text":"## A"}\n\n']));
    await state().search('Gravity');
    expect(state().error?.message).toBe('Failed to generate explanation. Please try again.');
  });

  it('times out a silent server with the timeout message', async () => {
    vi.useFakeTimers();
    try {
      stubApi(
        (_body, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      );
      const done = state().search('Gravity');
      await vi.advanceTimersByTimeAsync(30_000);
      await done;
      expect(state().error).toEqual({
        kind: 'timeout',
        message: 'The request took too long to respond. Please try again.',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs out on 401', async () => {
    stubApi(() => json({ success: false, code: 'UNAUTHORIZED', message: 'Expired' }, 401));
    await state().search('Gravity');
    expect(useAuth.getState().token).toBeNull();
  });

  it('persists its lists for the same user and clear() forgets everything', async () => {
    stubApi(() => json(makeResponse()));
    await state().search('Gravity');
    const saved = JSON.parse(localStorage.getItem(CONCEPTS_STORAGE_KEY) ?? '{}');
    expect(saved.state.owner).toBe('asha');
    expect(saved.state.recent[0].query).toBe('Gravity');

    state().clear();
    expect(state()).toMatchObject({ currentConcept: null, concepts: [], recent: [], error: null });
    expect(localStorage.getItem(CONCEPTS_STORAGE_KEY)).toBeNull();
  });

  it('clears itself when the user signs out', async () => {
    stubApi(() => json(makeResponse()));
    await state().search('Gravity');
    useAuth.getState().signOut();
    expect(state().concepts).toEqual([]);
    expect(state().currentConcept).toBeNull();
  });

  it('ignores a blank query', async () => {
    const fetchMock = stubApi(() => json(makeResponse()));
    await state().search('   ');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
