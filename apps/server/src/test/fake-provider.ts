import type { ProviderId } from '@grasp/contract';
import {
  type ExplainInput,
  type ExplanationProvider,
  ProviderFailureError,
} from '../features/explain/providers/provider.ts';

export function sampleAnswer(query: string): string {
  const body = `${query} is explained here in plain words with an example or two. `.repeat(8);
  return [
    `## Understanding ${query} (0-30 seconds)`,
    body,
    '## Key Principles (30-60 seconds)',
    body,
    '## Real-World Application (60-90 seconds)',
    body,
    '## Key Takeaway (90-120 seconds)',
    body,
    '## Related Concepts',
    '- Mass',
    '- Energy',
    '```graph',
    JSON.stringify({
      nodes: [
        { id: 'a', label: query },
        { id: 'b', label: 'Mass' },
      ],
      edges: [{ source: 'a', target: 'b', label: 'involves' }],
    }),
    '```',
  ].join('\n');
}

export type FakeMode = 'ok' | 'fail' | 'hang' | 'garbage';

/**
 * A scripted stand-in for an AI vendor behind our own provider interface; the vendors' real wire
 * formats are exercised by the SDK tests against local fake servers.
 */
export function fakeProvider(id: ProviderId = 'remote-openai') {
  const state = { calls: 0, mode: 'ok' as FakeMode, delayMs: 0 };
  async function* stream(input: ExplainInput): AsyncIterable<string> {
    state.calls++;
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.mode === 'fail') throw new ProviderFailureError('vendor said 500', 500);
    if (state.mode === 'hang') {
      await new Promise((_resolve, reject) => {
        input.signal.addEventListener('abort', () => reject(input.signal.reason));
      });
    }
    if (state.mode === 'garbage') {
      yield '';
      return;
    }
    const text = sampleAnswer(input.query);
    const middle = Math.floor(text.length / 2);
    yield text.slice(0, middle);
    yield text.slice(middle);
  }
  const provider: ExplanationProvider = {
    id,
    available: true,
    stream,
    async generate(input) {
      let text = '';
      for await (const delta of stream(input)) text += delta;
      return text;
    },
  };
  return { provider, state };
}
