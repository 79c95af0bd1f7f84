import type { FinishReason } from 'ai';

/**
 * A model's text as it streams, read from the provider's own stream (LanguageModelV3.doStream)
 * instead of through streamText. streamText passes every chunk through about ten more web
 * streams (its transforms and a tee that keeps every part until the call ends); with hundreds of
 * explanations streaming, those hops and their promises were most of the server's CPU. Used
 * while tracing is off: on, streamText runs for the AI SDK's own spans.
 */
export interface StreamingModel {
  doStream(options: {
    prompt: unknown[];
    abortSignal?: AbortSignal;
    maxOutputTokens?: number;
  }): PromiseLike<{ stream: ReadableStream<{ type: string }> }>;
}

/** How a direct stream ended: the vendor's reason and tokens, as streamText reports them. */
export interface StreamEnd {
  finishReason: FinishReason;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

type Tokens = number | { total?: number | undefined } | undefined;
const totalOf = (tokens: Tokens) => (typeof tokens === 'object' ? tokens.total : tokens);

interface FinishPart {
  finishReason: FinishReason | { unified: FinishReason };
  usage?: { inputTokens?: Tokens; outputTokens?: Tokens };
}

export function isStreamingModel(model: unknown): model is StreamingModel {
  return typeof (model as StreamingModel | undefined)?.doStream === 'function';
}

/**
 * Yields the text deltas; returns how the stream finished, or undefined when it ended without a
 * finish part (truncated). An `error` part is thrown as its error.
 */
export async function* directText(
  model: StreamingModel,
  parts: { system: string; prompt: string },
  options: { signal: AbortSignal; maxOutputTokens?: number | undefined },
): AsyncGenerator<string, StreamEnd | undefined> {
  const { stream } = await model.doStream({
    prompt: [
      { role: 'system', content: parts.system },
      { role: 'user', content: [{ type: 'text', text: parts.prompt }] },
    ],
    abortSignal: options.signal,
    ...(options.maxOutputTokens ? { maxOutputTokens: options.maxOutputTokens } : {}),
  });
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) return undefined;
      if (part.type === 'text-delta') {
        const { delta } = part as unknown as { delta: string };
        if (delta !== '') yield delta;
      } else if (part.type === 'error') {
        throw (part as unknown as { error: unknown }).error;
      } else if (part.type === 'finish') {
        const { finishReason, usage } = part as unknown as FinishPart;
        return {
          finishReason: typeof finishReason === 'object' ? finishReason.unified : finishReason,
          inputTokens: totalOf(usage?.inputTokens),
          outputTokens: totalOf(usage?.outputTokens),
        };
      }
    }
  } finally {
    // Left early (an error, or the caller stopped reading): the vendor's response goes too.
    reader.cancel().catch(() => undefined);
  }
}
