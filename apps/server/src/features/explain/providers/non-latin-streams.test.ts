import type { LanguageId } from '@grasp/contract';
import { describe, expect, it } from 'vitest';
import { type Config, parseEnv } from '../../../config/config.ts';
import { fakeAnswer } from '../../../test/fake-answers.ts';
import { startFakeAnthropic } from '../../../test/fake-vendors/fake-anthropic.ts';
import { startFakeGoogle } from '../../../test/fake-vendors/fake-google.ts';
import { startFakeOllama } from '../../../test/fake-vendors/fake-ollama.ts';
import { startFakeOpenAI } from '../../../test/fake-vendors/fake-openai.ts';
import {
  type FakeVendor,
  splitInsideCharacter,
} from '../../../test/fake-vendors/fake-vendor-server.ts';
import { buildPrompt } from '../prompts.ts';
import { vendorOptionsOf } from '../vendor-options.ts';
import { createAnthropicProvider } from './anthropic.ts';
import { createGoogleProvider } from './google.ts';
import { createOllamaProvider } from './ollama.ts';
import { createOpenAIProvider } from './openai.ts';
import type { ExplanationProvider } from './provider.ts';
import type { Prompts } from './remote-provider.ts';

/**
 * Every vendor's stream read through the AI SDK keeps Devanagari and Tamil whole when the
 * vendor's bytes arrive cut inside a character (DESIGN.md §9: no mojibake anywhere).
 */

const prompts: Prompts = { explain: buildPrompt };

const VENDORS: {
  name: string;
  start(): Promise<FakeVendor>;
  env(fake: FakeVendor): Record<string, string>;
  create(config: Config, prompts: Prompts): ExplanationProvider;
}[] = [
  {
    name: 'Google Gemini',
    start: () => startFakeGoogle('test-google-key'),
    env: (fake) => ({
      GOOGLE_GENERATIVE_AI_API_KEY: 'test-google-key',
      GOOGLE_BASE_URL: fake.baseURL,
      GOOGLE_MODEL: 'gemini-test',
    }),
    create: (config, prompts) => createGoogleProvider(vendorOptionsOf(config).google, prompts),
  },
  {
    name: 'OpenAI',
    start: () => startFakeOpenAI('sk-test-openai-key'),
    env: (fake) => ({
      OPENAI_API_KEY: 'sk-test-openai-key',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MODEL: 'gpt-test',
    }),
    create: (config, prompts) => createOpenAIProvider(vendorOptionsOf(config).openai, prompts),
  },
  {
    name: 'Anthropic Claude',
    start: () => startFakeAnthropic('sk-ant-test-key'),
    env: (fake) => ({
      ANTHROPIC_API_KEY: 'sk-ant-test-key',
      ANTHROPIC_BASE_URL: fake.baseURL,
      ANTHROPIC_MODEL: 'claude-test',
    }),
    create: (config, prompts) =>
      createAnthropicProvider(vendorOptionsOf(config).anthropic, prompts),
  },
  {
    name: 'Ollama',
    start: () => startFakeOllama(),
    env: (fake) => ({ OLLAMA_BASE_URL: fake.baseURL, OLLAMA_MODEL: 'llama-test' }),
    create: (config, prompts) => createOllamaProvider(vendorOptionsOf(config).ollama, prompts),
  },
];

const CASES: [LanguageId, string][] = [
  ['hi', 'प्रकाश संश्लेषण'],
  ['ta', 'ஒளிச்சேர்க்கை'],
];

describe('the fake vendors’ byte splitting', () => {
  it('cuts a frame inside its first multi-byte character', () => {
    const [head, tail] = splitInsideCharacter('data: {"text":"क"}\n\n');
    expect(head && new TextDecoder().decode(head)).toBe('data: {"text":"\uFFFD');
    expect(Buffer.concat([head ?? Buffer.alloc(0), tail ?? Buffer.alloc(0)]).toString()).toBe(
      'data: {"text":"क"}\n\n',
    );
  });
});

describe.each(VENDORS)('$name streaming the Indian scripts', (vendor) => {
  it.each(CASES)('keeps %s whole across frames cut inside characters', async (language, query) => {
    const fake = await vendor.start();
    try {
      const text = fakeAnswer(language, { query });
      const chunks = text.match(/[\s\S]{1,25}/gu) ?? [text];
      fake.behave({ kind: 'reply', chunks, splitCharacters: true });
      const provider = vendor.create(parseEnv({ NODE_ENV: 'test', ...vendor.env(fake) }), prompts);
      let streamed = '';
      for await (const delta of provider.stream({
        query,
        template: 'default',
        difficulty: 'beginner',
        language,
        signal: AbortSignal.timeout(5_000),
      })) {
        streamed += delta;
      }
      expect(streamed).toBe(text);
      expect(JSON.stringify(fake.requests[0]?.body)).toContain(query);
    } finally {
      await fake.close();
    }
  });
});
