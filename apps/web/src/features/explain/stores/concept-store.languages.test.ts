import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../settings/settings-store.ts';
import { explainCalls, json, makeResponse, resetStores, stubApi } from '../testing/fixtures.ts';
import { responseIn } from '../testing/language-fixtures.ts';
import { useConceptStore } from './concept-store.ts';

const state = () => useConceptStore.getState();
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body)) as Record<string, unknown>;

describe('the concept store and languages', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('asks in the chosen language and keeps each language its own cached answer', async () => {
    useSettings.setState({ aiProvider: 'remote-openai', language: 'hi' });
    const fetchMock = stubApi((body) =>
      json(body.language === 'hi' ? responseIn('hi') : makeResponse({ provider: 'remote-openai' })),
    );
    await state().search('Photosynthesis');
    expect(bodyOf(explainCalls(fetchMock)[0])).toMatchObject({
      language: 'hi',
      provider: 'remote-openai',
    });
    expect(state().currentConcept?.content.language).toBe('hi');
    expect(state().concepts[0]).toMatchObject({ language: 'hi' });

    // The same query in English is another explanation; Hindi again comes from the cache.
    useSettings.setState({ language: 'en' });
    await state().search('photosynthesis');
    expect(explainCalls(fetchMock)).toHaveLength(2);
    expect(state().currentConcept?.content.language).toBe('en');
    useSettings.setState({ language: 'hi' });
    await state().search('PHOTOSYNTHESIS');
    expect(explainCalls(fetchMock)).toHaveLength(2);
    expect(state().currentConcept?.content.glossary).toHaveLength(1);
  });

  it('asks in English while the provider that answers writes English only', async () => {
    useSettings.setState({ aiProvider: 'offline', language: 'ta' });
    const fetchMock = stubApi(() => json(makeResponse()));
    await state().search('Gravity');
    expect(bodyOf(explainCalls(fetchMock)[0])).toMatchObject({
      language: 'en',
      provider: 'offline',
    });
    expect(useSettings.getState().language).toBe('ta');
  });

  it('streams a Tamil answer whose bytes arrive cut inside characters', async () => {
    useSettings.setState({ aiProvider: 'remote-openai', language: 'ta' });
    const answer = responseIn('ta');
    const frames = [
      `event: delta\ndata: ${JSON.stringify({ text: answer.response })}\n\n`,
      `event: done\ndata: ${JSON.stringify(answer)}\n\n`,
    ].join('');
    const bytes = new TextEncoder().encode(frames);
    const seen: string[] = [];
    const unsubscribe = useConceptStore.subscribe((s) => {
      if (s.streamingText) seen.push(s.streamingText);
    });
    stubApi(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              // 7-byte pieces: Tamil letters are 3 bytes, so most cuts fall inside one.
              for (let at = 0; at < bytes.length; at += 7)
                controller.enqueue(bytes.slice(at, at + 7));
              controller.close();
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } },
        ),
    );
    await state().search('ஒளிச்சேர்க்கை');
    unsubscribe();
    expect(seen.at(-1)).toBe(answer.response);
    expect(state().currentConcept?.content).toEqual(answer);
    expect(JSON.stringify(state().currentConcept)).not.toContain('\uFFFD');
  });

  it('reads concepts saved before languages as English', async () => {
    const fetchMock = stubApi(() => json(makeResponse()));
    await state().search('Gravity');
    useConceptStore.setState({
      concepts: state().concepts.map(({ language: _language, ...concept }) => concept),
    });
    await state().search('gravity');
    expect(explainCalls(fetchMock)).toHaveLength(1);
  });
});
