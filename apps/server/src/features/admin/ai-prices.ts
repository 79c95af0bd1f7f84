import { z } from 'zod';

/** USD per million tokens, as the vendors publish them. */
export const modelPriceSchema = z.object({
  input: z.number().min(0).max(10_000),
  output: z.number().min(0).max(10_000),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;
export const aiPricesSchema = z.record(z.string().min(1).max(200), modelPriceSchema);
export type AiPrices = z.infer<typeof aiPricesSchema>;

/**
 * List prices of the default models (and their usual neighbours) in late 2026; AI_PRICES
 * overrides or adds models. A local Ollama model costs no tokens; an unknown model is counted
 * at zero, so the overview shows its tokens but no cost.
 */
export const DEFAULT_AI_PRICES: AiPrices = {
  'gemini-2.5-flash': { input: 0.3, output: 2.5 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4 },
  'gemini-2.5-pro': { input: 1.25, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'claude-3-5-haiku-latest': { input: 0.8, output: 4 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
};

/** AI_PRICES as JSON: `{"model": {"input": usd, "output": usd}}` per million tokens. */
export function parseAiPrices(json: string | undefined): AiPrices {
  if (!json) return DEFAULT_AI_PRICES;
  return { ...DEFAULT_AI_PRICES, ...aiPricesSchema.parse(JSON.parse(json)) };
}

/** The estimated cost of some tokens, in USD; rounded to a millionth of a dollar. */
export function estimateCostUsd(
  prices: AiPrices,
  provider: string,
  model: string,
  tokens: { inputTokens: number; outputTokens: number },
): number {
  if (provider === 'local-ollama') return 0;
  const price = prices[model];
  if (!price) return 0;
  const usd = (tokens.inputTokens * price.input + tokens.outputTokens * price.output) / 1_000_000;
  return Math.round(usd * 1_000_000) / 1_000_000;
}
