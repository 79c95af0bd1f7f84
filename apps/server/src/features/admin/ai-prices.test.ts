import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config/config.ts';
import { DEFAULT_AI_PRICES, estimateCostUsd, parseAiPrices } from './ai-prices.ts';

describe('AI prices', () => {
  it('prices the default models and lets AI_PRICES override or add one', () => {
    expect(parseAiPrices(undefined)).toBe(DEFAULT_AI_PRICES);
    const prices = parseAiPrices(
      '{"gpt-4o-mini":{"input":1,"output":2},"my-model":{"input":3,"output":4}}',
    );
    expect(prices['gpt-4o-mini']).toEqual({ input: 1, output: 2 });
    expect(prices['my-model']).toEqual({ input: 3, output: 4 });
    expect(prices['gemini-2.5-flash']).toEqual(DEFAULT_AI_PRICES['gemini-2.5-flash']);
  });

  it('estimates per million tokens; a local or unpriced model costs nothing', () => {
    const tokens = { inputTokens: 2_000_000, outputTokens: 1_000_000 };
    expect(estimateCostUsd(DEFAULT_AI_PRICES, 'remote-openai', 'gpt-4o-mini', tokens)).toBe(0.9);
    expect(estimateCostUsd(DEFAULT_AI_PRICES, 'local-ollama', 'gpt-4o-mini', tokens)).toBe(0);
    expect(estimateCostUsd(DEFAULT_AI_PRICES, 'remote-openai', 'unknown', tokens)).toBe(0);
  });

  it('refuses a malformed AI_PRICES at start-up, naming the variable', () => {
    for (const bad of ['not json', '{"m":{"input":-1,"output":1}}', '{"m":{"input":1}}', '[1]']) {
      expect(() => parseEnv({ NODE_ENV: 'test', AI_PRICES: bad }), bad).toThrow(ConfigError);
      expect(() => parseEnv({ NODE_ENV: 'test', AI_PRICES: bad })).toThrow(/AI_PRICES/);
    }
    expect(parseEnv({ NODE_ENV: 'test', AI_PRICES: '' }).AI_PRICES).toBeUndefined();
  });
});
