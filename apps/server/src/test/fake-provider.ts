import type { LanguageId, ProviderId, QuizDraft } from '@grasp/contract';
import {
  type ExplainInput,
  type ExplanationProvider,
  NeedsAiProviderError,
  ProviderFailureError,
  type QuizInput,
  type TutorInput,
} from '../features/explain/providers/provider.ts';
import { fakeAnswer } from './fake-answers.ts';

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
    '```questions',
    JSON.stringify([
      `What is the difference between ${query} and mass?`,
      `Where do we see ${query}?`,
    ]),
    '```',
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

/** A valid quiz on sampleAnswer: one question per section, the correct option at 1. */
export function sampleQuiz(input: QuizInput): QuizDraft {
  return {
    questions: input.explanation.sections.slice(0, 4).map((section, i) => ({
      section: section.title,
      prompt: `Question ${i + 1} on ${section.title}?`,
      options: ['Wrong A', `Right ${i + 1}`, 'Wrong B', 'Wrong C'],
      correctChoice: 1,
      why: `Because the section "${section.title}" says so.${input.explanation.sources?.length ? ' [1][5]' : ''}`,
    })),
  };
}

/** `needs-ai`: answers as the offline dictionary does when it cannot. */
export type FakeMode = 'ok' | 'fail' | 'hang' | 'garbage' | 'needs-ai';

/**
 * A scripted stand-in for an AI vendor behind our own provider interface; the vendors' real wire
 * formats are exercised by the SDK tests against local fake servers.
 */
export function fakeProvider(
  id: ProviderId = 'remote-openai',
  options: { languages?: readonly LanguageId[] } = {},
) {
  const state = {
    calls: 0,
    tutorCalls: 0,
    quizCalls: 0,
    mode: 'ok' as FakeMode,
    delayMs: 0,
    /** Replaces the quiz sampleQuiz makes (to test the server's checks). */
    quiz: null as QuizDraft | null,
    /** What the last tutor call was given, to check the prompt's inputs. */
    lastTutor: null as TutorInput | null,
    /** What the last explanation was given (its sources among it). */
    lastExplain: null as ExplainInput | null,
    /** Answers to give instead of the sample, one per call, first first. */
    answers: [] as string[],
    /** What each explanation call was told was wrong with the one before (a re-ask). */
    feedback: [] as (string | undefined)[],
  };
  /** Applies the mode; true when the call should answer with nothing. */
  async function misbehave(signal: AbortSignal): Promise<boolean> {
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.mode === 'fail') throw new ProviderFailureError('vendor said 500', 500);
    if (state.mode === 'needs-ai') throw new NeedsAiProviderError('the dictionary cannot');
    if (state.mode === 'hang') {
      await new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    }
    return state.mode === 'garbage';
  }
  async function* tutor(input: TutorInput): AsyncIterable<string> {
    state.tutorCalls++;
    state.lastTutor = input;
    if (await misbehave(input.signal)) return;
    const about = input.task === 'follow-up' ? input.question : input.section.title;
    yield `A short answer about ${about}, `;
    yield `told ${input.task === 're-explain' ? `as ${input.approach}` : 'plainly'}.`;
    // Like a model given sources: it cites one of them, and a number it was never given.
    if (input.explanation.sources?.length) yield ' As the source says [1][9].';
  }
  async function* stream(input: ExplainInput): AsyncIterable<string> {
    state.calls++;
    state.lastExplain = input;
    if (await misbehave(input.signal)) {
      yield '';
      return;
    }
    const { language = 'en' } = input;
    state.feedback.push(input.feedback);
    const answer =
      state.answers.shift() ??
      (language === 'en'
        ? sampleAnswer(input.query)
        : fakeAnswer(language, { query: input.query }));
    // Given sources, it cites the first and a number it was never given, as models sometimes do.
    const text = input.sources?.length
      ? answer.replace(/\n## /, ' It is well described [1][7].\n## ')
      : answer;
    const middle = Math.floor(text.length / 2);
    yield text.slice(0, middle);
    yield text.slice(middle);
  }
  const provider: ExplanationProvider = {
    id,
    available: true,
    ...(options.languages ? { languages: options.languages } : {}),
    stream,
    tutor,
    async quiz(input) {
      state.quizCalls++;
      if (await misbehave(input.signal)) return { questions: [] };
      return state.quiz ?? sampleQuiz(input);
    },
    async generate(input) {
      let text = '';
      for await (const delta of stream(input)) text += delta;
      return text;
    },
  };
  return { provider, state };
}
