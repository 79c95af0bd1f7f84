import { type ProviderId, type QuizDraft, quizDraftSchema } from '@grasp/contract';
import type { FinishReason, LanguageModel, LanguageModelUsage } from 'ai';
import { tracing } from '../../../lib/tracing.ts';
import { directText, isStreamingModel, type StreamingModel } from './direct-stream.ts';
import {
  type ExplainInput,
  type ExplanationProvider,
  ProviderFailureError,
  type QuizRequest,
  type TutorRequest,
} from './provider.ts';
import { toProviderError } from './remote-provider-errors.ts';

/** What a prompt is built from: never anything the client wrote besides the query. */
export type PromptInput = Pick<
  ExplainInput,
  'query' | 'template' | 'difficulty' | 'language' | 'sources'
>;

export interface PromptParts {
  system: string;
  prompt: string;
}

/** Injected so the vendors share one prompt builder (prompts.ts) without importing it here. */
export type BuildPrompt = (input: PromptInput) => PromptParts;

/**
 * Every prompt a vendor is asked with. The learning ones are absent where the provider is built
 * for another job (the distiller's), and asking it then is a failure.
 */
export interface Prompts {
  explain: BuildPrompt;
  tutor?: (input: TutorRequest) => PromptParts;
  quiz?: (input: QuizRequest) => PromptParts;
}

/**
 * A vendor's model, loaded on first use: the AI SDK and the vendor packages take ~20 MB of
 * resident memory that a server on the offline explainer alone never needs.
 */
export type ModelLoader = () => Promise<LanguageModel>;

/** Imports and builds the model once, at its first call. */
export function lazyModel(load: () => Promise<LanguageModel>): ModelLoader {
  let loaded: Promise<LanguageModel> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/**
 * How a vendor is reached, as plain values from the factory (STYLE.md 12). Without its key (or,
 * for Ollama, its URL) the vendor is not configured and the provider is unavailable.
 */
export interface VendorOptions {
  apiKey?: string | undefined;
  /** Absent: the vendor's own address. */
  baseUrl?: string | undefined;
  /** The vendor's model id. */
  model: string;
  /** Told the tokens of every model call that finished (the operator's daily meters). */
  onUsage?: UsageReport | undefined;
}

/** One finished model call's tokens, as the AI SDK reports them. */
export interface ModelCallUsage {
  provider: ProviderId;
  model: string;
  inputTokens: number;
  outputTokens: number;
}
export type UsageReport = (usage: ModelCallUsage) => void;

export interface RemoteProviderOptions {
  id: ProviderId;
  /** Null when the vendor's key or URL is not configured: the provider is then unavailable. */
  model: ModelLoader | null;
  prompts: Prompts;
  /** Only where the vendor insists on a limit; otherwise the vendor's own default applies. */
  maxOutputTokens?: number;
  /** The vendor's model id, named in usage reports. */
  modelId?: string;
  onUsage?: UsageReport | undefined;
}

/**
 * One AI vendor behind the ExplanationProvider interface, through the Vercel AI SDK.
 * Never retries (the caller decides); every failure surfaces as ProviderTimeoutError or
 * ProviderFailureError, except the caller's own non-timeout abort, rethrown as its reason.
 */
export function createRemoteProvider({
  id,
  model,
  prompts,
  maxOutputTokens,
  modelId = id,
  onUsage,
}: RemoteProviderOptions): ExplanationProvider {
  const report = (usage: LanguageModelUsage) =>
    onUsage?.({
      provider: id,
      model: modelId,
      inputTokens: usage.inputTokens ?? 0,
      outputTokens: usage.outputTokens ?? 0,
    });
  const requireModel = (): Promise<LanguageModel> => {
    if (model === null) throw new ProviderFailureError(`${id} is not configured`);
    return model();
  };
  const promptOf = ({ query, template, difficulty, language, sources, feedback }: ExplainInput) =>
    prompts.explain({
      query,
      template,
      difficulty,
      language,
      ...(sources ? { sources } : {}),
      ...(feedback ? { feedback } : {}),
    });
  const learningPrompt = <T>(build: ((input: T) => PromptParts) | undefined, input: T) => {
    if (!build) throw new ProviderFailureError(`${id} was not built for the learning loop`);
    return build(input);
  };

  // The AI SDK's own spans (model id, tokens) while tracing is on; not the learner's words.
  const modelTelemetry = () => ({
    isEnabled: tracing().enabled,
    recordInputs: false,
    recordOutputs: false,
  });

  async function* streamAnswer(parts: PromptParts, signal: AbortSignal): AsyncIterable<string> {
    try {
      const loaded = await requireModel();
      const direct = !tracing().enabled && isStreamingModel(loaded);
      const end = yield* direct
        ? checkedDirectText(loaded, parts, signal)
        : sdkText(loaded, parts, signal);
      if (!end) throw new ProviderFailureError(`${id} stream ended before it finished`);
    } catch (error) {
      throw await toProviderError(id, error, signal);
    }
  }

  /** The text from the provider's own stream (direct-stream.ts), held to streamText's checks. */
  async function* checkedDirectText(
    loaded: StreamingModel,
    parts: PromptParts,
    signal: AbortSignal,
  ): AsyncGenerator<string, true | undefined> {
    const text = directText(loaded, parts, { signal, maxOutputTokens });
    let sawText = false;
    try {
      for (;;) {
        const next = await text.next();
        if (!next.done) {
          sawText = true;
          yield next.value;
          continue;
        }
        const end = next.value;
        if (!end) return undefined;
        report({
          inputTokens: end.inputTokens,
          outputTokens: end.outputTokens,
        } as LanguageModelUsage);
        checkFinish(id, end.finishReason);
        if (!sawText) throw new ProviderFailureError(`${id} returned no text`);
        return true;
      }
    } finally {
      await text.return(undefined);
    }
  }

  /** The text through streamText, whose spans are the model call's in a trace. */
  async function* sdkText(
    loaded: LanguageModel,
    parts: PromptParts,
    signal: AbortSignal,
  ): AsyncGenerator<string, true | undefined> {
    let sawText = false;
    const { streamText } = await import('ai');
    const result = streamText({
      model: loaded,
      ...parts,
      abortSignal: signal,
      maxRetries: 0,
      experimental_telemetry: modelTelemetry(),
      maxOutputTokens,
      // Errors arrive as `error` parts below and are thrown from this iterator; the SDK's
      // default handler would only print them.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        if (part.text === '') continue;
        sawText = true;
        yield part.text;
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        // toProviderError tells a timeout from the caller's own abort by the signal.
        throw new ProviderFailureError(`${id} was aborted`);
      } else if (part.type === 'finish') {
        report(part.totalUsage);
        // In a stream, 'other' means it ended without the vendor's final event: truncated.
        checkFinish(id, part.finishReason);
        if (!sawText) throw new ProviderFailureError(`${id} returned no text`);
        return true;
      }
    }
    return undefined;
  }

  return {
    id,
    available: model !== null,

    async generate(input) {
      const { system, prompt } = promptOf(input);
      let result: { text: string; finishReason: FinishReason; totalUsage: LanguageModelUsage };
      try {
        const { generateText } = await import('ai');
        result = await generateText({
          model: await requireModel(),
          system,
          prompt,
          abortSignal: input.signal,
          maxRetries: 0,
          experimental_telemetry: modelTelemetry(),
          maxOutputTokens,
        });
      } catch (error) {
        throw await toProviderError(id, error, input.signal);
      }
      report(result.totalUsage);
      // A complete JSON answer is usable unless the vendor says it refused or failed.
      if (result.finishReason !== 'other') checkFinish(id, result.finishReason);
      if (result.text.trim() === '') throw new ProviderFailureError(`${id} returned no text`);
      return result.text;
    },

    stream(input) {
      return streamAnswer(promptOf(input), input.signal);
    },

    tutor({ signal, ...input }) {
      return streamAnswer(learningPrompt(prompts.tutor, input), signal);
    },

    /** Structured output: the SDK asks the vendor for JSON of the schema and parses it. */
    async quiz({ signal, ...input }): Promise<QuizDraft> {
      const parts = learningPrompt(prompts.quiz, input);
      try {
        const { generateText, Output } = await import('ai');
        const result = await generateText({
          model: await requireModel(),
          ...parts,
          output: Output.object({ schema: quizDraftSchema, name: 'quiz' }),
          abortSignal: signal,
          maxRetries: 0,
          experimental_telemetry: modelTelemetry(),
          maxOutputTokens,
        });
        report(result.totalUsage);
        return result.output;
      } catch (error) {
        throw await toProviderError(id, error, signal);
      }
    },
  };
}

function checkFinish(id: ProviderId, reason: FinishReason): void {
  if (reason === 'stop' || reason === 'length') return;
  const why: Record<Exclude<FinishReason, 'stop' | 'length'>, string> = {
    'content-filter': 'refused or filtered the answer',
    'tool-calls': 'answered with tool calls instead of text',
    error: 'reported an error',
    other: 'ended without finishing its answer',
  };
  throw new ProviderFailureError(`${id} ${why[reason]}`);
}
