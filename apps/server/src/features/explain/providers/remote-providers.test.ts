import type { QuizDraft } from '@grasp/contract';
import { LANGUAGE_IDS, PROVIDER_LABELS, type ProviderId } from '@grasp/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Config, parseEnv } from '../../../config/config.ts';
import { fakeProvider } from '../../../test/fake-provider.ts';
import { startFakeAnthropic } from '../../../test/fake-vendors/fake-anthropic.ts';
import { startFakeGoogle } from '../../../test/fake-vendors/fake-google.ts';
import { startFakeOllama } from '../../../test/fake-vendors/fake-ollama.ts';
import { startFakeOpenAI } from '../../../test/fake-vendors/fake-openai.ts';
import type { FakeVendor, RecordedRequest } from '../../../test/fake-vendors/fake-vendor-server.ts';
import { vendorOptionsOf } from '../vendor-options.ts';
import { createAnthropicProvider } from './anthropic.ts';
import { createGoogleProvider } from './google.ts';
import { createOllamaProvider, ollamaApiUrl } from './ollama.ts';
import { createOpenAIProvider } from './openai.ts';
import {
  type ExplainInput,
  type ExplanationContext,
  type ExplanationProvider,
  ProviderFailureError,
  ProviderTimeoutError,
} from './provider.ts';
import { createConfiguredProviders, createProviderRegistry } from './registry.ts';
import type { BuildPrompt, ModelCallUsage, Prompts } from './remote-provider.ts';

const buildPrompt: BuildPrompt = ({ query, template, difficulty }) => ({
  system: `SYSTEM-RULES template=${template} level=${difficulty}`,
  prompt: `Explain "${query}" in two minutes.`,
});
const prompts: Prompts = {
  explain: buildPrompt,
  tutor: (request) => ({
    system: `TUTOR-RULES task=${request.task}`,
    prompt: request.task === 'follow-up' ? request.question : request.section.title,
  }),
  quiz: (request) => ({ system: 'QUIZ-RULES', prompt: `Quiz on ${request.explanation.query}` }),
};

const explanation: ExplanationContext = {
  query: 'photosynthesis',
  template: 'default',
  difficulty: 'beginner',
  language: 'en',
  markdown:
    '## Light (0-60 seconds)\nLeaves catch light.\n## Sugar (60-120 seconds)\nThey make sugar.',
  sections: [
    { title: 'Light', content: 'Leaves catch light.' },
    { title: 'Sugar', content: 'They make sugar.' },
  ],
  relatedConcepts: [],
};

const DRAFT: QuizDraft = {
  questions: [
    {
      section: 'Light',
      prompt: 'What do leaves catch?',
      options: ['Light', 'Sound', 'Heat', 'Wind'],
      correctChoice: 0,
      why: 'The section says leaves catch light.',
    },
  ],
};

const input = (signal: AbortSignal = AbortSignal.timeout(5_000)): ExplainInput => ({
  query: 'photosynthesis',
  template: 'storytelling',
  difficulty: 'advanced',
  signal,
});

const config = (env: Record<string, string>): Config => parseEnv({ NODE_ENV: 'test', ...env });

interface VendorCase {
  name: string;
  id: ProviderId;
  model: string;
  start(): Promise<FakeVendor>;
  env(fake: FakeVendor, apiKey?: string): Record<string, string>;
  create(config: Config, prompts: Prompts): ExplanationProvider;
  /** The exact path (and query) the SDK must call. */
  path(stream: boolean): string;
  /** How the vendor is told to stream: by path (Gemini) or by a body flag. */
  asksToStream(request: RecordedRequest): boolean;
  /** Where the request asks for JSON of the quiz schema, in the vendor's own words. */
  asksForSchema(body: unknown): boolean;
  /** Header carrying the key, its expected value, and the status of a wrong key. */
  auth?: { header: string; value: string; wrongKeyStatus: number };
}

const streamFlag = (r: RecordedRequest) =>
  typeof r.body === 'object' && r.body !== null && 'stream' in r.body && r.body.stream === true;

const VENDORS: VendorCase[] = [
  {
    name: 'Google Gemini',
    id: 'remote-google',
    model: 'gemini-test',
    start: () => startFakeGoogle('test-google-key'),
    env: (fake, apiKey = 'test-google-key') => ({
      GOOGLE_GENERATIVE_AI_API_KEY: apiKey,
      GOOGLE_BASE_URL: fake.baseURL,
      GOOGLE_MODEL: 'gemini-test',
    }),
    create: (config, prompts) => createGoogleProvider(vendorOptionsOf(config).google, prompts),
    path: (stream) =>
      stream
        ? '/v1beta/models/gemini-test:streamGenerateContent?alt=sse'
        : '/v1beta/models/gemini-test:generateContent',
    asksToStream: (r) => r.url.includes(':streamGenerateContent'),
    asksForSchema: (body) => {
      const config = (body as { generationConfig?: Record<string, unknown> }).generationConfig;
      return config?.responseMimeType === 'application/json' && config.responseSchema !== undefined;
    },
    auth: { header: 'x-goog-api-key', value: 'test-google-key', wrongKeyStatus: 400 },
  },
  {
    name: 'OpenAI',
    id: 'remote-openai',
    model: 'gpt-test',
    start: () => startFakeOpenAI('sk-test-openai-key'),
    env: (fake, apiKey = 'sk-test-openai-key') => ({
      OPENAI_API_KEY: apiKey,
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MODEL: 'gpt-test',
    }),
    create: (config, prompts) => createOpenAIProvider(vendorOptionsOf(config).openai, prompts),
    path: () => '/v1/responses',
    asksToStream: streamFlag,
    asksForSchema: (body) =>
      (body as { text?: { format?: { type?: string } } }).text?.format?.type === 'json_schema',
    auth: { header: 'authorization', value: 'Bearer sk-test-openai-key', wrongKeyStatus: 401 },
  },
  {
    name: 'Anthropic Claude',
    id: 'remote-claude',
    model: 'claude-test',
    start: () => startFakeAnthropic('sk-ant-test-key'),
    env: (fake, apiKey = 'sk-ant-test-key') => ({
      ANTHROPIC_API_KEY: apiKey,
      ANTHROPIC_BASE_URL: fake.baseURL,
      ANTHROPIC_MODEL: 'claude-test',
    }),
    create: (config, prompts) =>
      createAnthropicProvider(vendorOptionsOf(config).anthropic, prompts),
    path: () => '/v1/messages',
    asksToStream: streamFlag,
    asksForSchema: (body) =>
      (body as { output_config?: { format?: { type?: string } } }).output_config?.format?.type ===
      'json_schema',
    auth: { header: 'x-api-key', value: 'sk-ant-test-key', wrongKeyStatus: 401 },
  },
  {
    name: 'Ollama',
    id: 'local-ollama',
    model: 'llama-test',
    start: () => startFakeOllama(),
    // The host alone, as Ollama users write it; the provider adds /api.
    env: (fake) => ({ OLLAMA_BASE_URL: fake.baseURL, OLLAMA_MODEL: 'llama-test' }),
    create: (config, prompts) => createOllamaProvider(vendorOptionsOf(config).ollama, prompts),
    path: () => '/api/chat',
    asksToStream: streamFlag,
    asksForSchema: (body) => typeof (body as { format?: unknown }).format === 'object',
  },
];

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** Consumes a stream into `into`, so a test can see the deltas that came before a failure. */
async function drain(stream: AsyncIterable<string>, into: string[] = []): Promise<string[]> {
  for await (const delta of stream) into.push(delta);
  return into;
}

const TEXT_CHUNKS = ['## Photosynthesis (0-30 seconds)\n', 'Plants turn light ', 'into sugar.'];

// ollama-ai-provider-v2 warns on console for every NDJSON line it cannot parse.
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(VENDORS)('$name through the real SDK against its fake', (vendor) => {
  let fake: FakeVendor;
  let provider: ExplanationProvider;

  beforeAll(async () => {
    fake = await vendor.start();
    provider = vendor.create(config(vendor.env(fake)), prompts);
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('is available once configured and carries its id', () => {
    expect(provider.id).toBe(vendor.id);
    expect(provider.available).toBe(true);
  });

  it('generates: returns the text and sends key, model and prompt once', async () => {
    fake.behave({ kind: 'reply', chunks: TEXT_CHUNKS });
    await expect(provider.generate(input())).resolves.toBe(TEXT_CHUNKS.join(''));

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(vendor.path(false));
    expect(request && vendor.asksToStream(request)).toBe(false);
    if (vendor.auth) expect(request?.headers[vendor.auth.header]).toBe(vendor.auth.value);
    const sent = JSON.stringify(request?.body);
    expect(sent).toContain('SYSTEM-RULES template=storytelling level=advanced');
    expect(sent).toContain('Explain \\"photosynthesis\\" in two minutes.');
    // Gemini names the model in the path, the others in the body.
    expect(`${request?.url} ${sent}`).toContain(vendor.model);
  });

  it('reports each finished call’s tokens from the SDK’s usage, by provider and model', async () => {
    const reports: ModelCallUsage[] = [];
    const metered = createConfiguredProviders(
      vendorOptionsOf(config(vendor.env(fake)), (usage) => reports.push(usage)),
      prompts,
      fakeProvider('offline').provider,
    ).find((p) => p.id === vendor.id);
    if (!metered) throw new Error(`no ${vendor.id}`);
    fake.behave({ kind: 'reply', chunks: TEXT_CHUNKS });
    await metered.generate(input());
    fake.behave({ kind: 'reply', chunks: TEXT_CHUNKS });
    await drain(metered.stream(input()));
    fake.behave({ kind: 'reply', chunks: [JSON.stringify(DRAFT)] });
    await metered.quiz({ explanation, signal: AbortSignal.timeout(5_000) });
    expect(reports).toHaveLength(3);
    for (const report of reports) {
      expect(report).toMatchObject({ provider: vendor.id, model: vendor.model, inputTokens: 24 });
      expect(report.outputTokens).toBeGreaterThan(0);
    }
  });

  it('makes a quiz through structured output: asks for the schema, parses the JSON', async () => {
    fake.behave({ kind: 'reply', chunks: [JSON.stringify(DRAFT)] });
    await expect(
      provider.quiz({ explanation, signal: AbortSignal.timeout(5_000) }),
    ).resolves.toEqual(DRAFT);
    const [request] = fake.requests;
    expect(request?.url).toBe(vendor.path(false));
    expect(vendor.asksForSchema(request?.body)).toBe(true);
    expect(JSON.stringify(request?.body)).toContain('correctChoice');
  });

  it('fails a quiz whose JSON does not fit the schema', async () => {
    fake.behave({ kind: 'reply', chunks: ['{"questions":"none"}'] });
    const error = await failureOf(() =>
      provider.quiz({ explanation, signal: AbortSignal.timeout(5_000) }),
    );
    expect(error).toBeInstanceOf(ProviderFailureError);
  });

  it('streams a tutor answer with the tutor prompt', async () => {
    fake.behave({ kind: 'reply', chunks: ['Light ', 'feeds ', 'the plant.'] });
    const deltas = await drain(
      provider.tutor({
        task: 'follow-up',
        question: 'Why light?',
        explanation,
        signal: AbortSignal.timeout(5_000),
      }),
    );
    expect(deltas.join('')).toBe('Light feeds the plant.');
    expect(JSON.stringify(fake.requests[0]?.body)).toContain('TUTOR-RULES task=follow-up');
  });

  it('streams: yields the deltas in order, and they add up to the text', async () => {
    fake.behave({ kind: 'reply', chunks: TEXT_CHUNKS });
    const deltas = await drain(provider.stream(input()));

    expect(deltas).toEqual(TEXT_CHUNKS);
    expect(deltas.join('')).toBe(TEXT_CHUNKS.join(''));
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.url).toBe(vendor.path(true));
    expect(request && vendor.asksToStream(request)).toBe(true);
    expect(JSON.stringify(request?.body)).toContain('SYSTEM-RULES');
  });

  it.each([
    [429, 'generate'],
    [429, 'stream'],
    [500, 'generate'],
    [500, 'stream'],
    [503, 'stream'],
  ] as const)(
    'answers %i on %s: ProviderFailureError with that status, no retry',
    async (status, mode) => {
      fake.behave({ kind: 'error', status });
      const error = await failureOf(() =>
        mode === 'generate' ? provider.generate(input()) : drain(provider.stream(input())),
      );

      expect(error).toBeInstanceOf(ProviderFailureError);
      expect((error as ProviderFailureError).status).toBe(status);
      expect(fake.requests).toHaveLength(1);
    },
  );

  it.each(['generate', 'stream'] as const)(
    'times out on %s when the vendor hangs',
    async (mode) => {
      fake.behave({ kind: 'hang' });
      const started = Date.now();
      const error = await failureOf(() =>
        mode === 'generate'
          ? provider.generate(input(AbortSignal.timeout(300)))
          : drain(provider.stream(input(AbortSignal.timeout(300)))),
      );

      expect(error).toBeInstanceOf(ProviderTimeoutError);
      expect(Date.now() - started).toBeLessThan(1_000);
    },
  );

  it('times out when the stream stalls halfway, after yielding what came', async () => {
    fake.behave({ kind: 'hang-mid-stream', chunks: ['Plants turn light '] });
    const deltas: string[] = [];
    const started = Date.now();
    const error = await failureOf(() =>
      drain(provider.stream(input(AbortSignal.timeout(300))), deltas),
    );

    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect(deltas).toEqual(['Plants turn light ']);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('passes the caller’s own abort through instead of calling it a timeout', async () => {
    fake.behave({ kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failureOf(() => provider.generate(input(controller.signal)));

    expect(error).not.toBeInstanceOf(ProviderTimeoutError);
    expect(error).not.toBeInstanceOf(ProviderFailureError);
    expect((error as Error).name).toBe('AbortError');
  });

  it.each([
    ['invalid JSON', 'invalid-json', 'generate'],
    ['invalid JSON', 'invalid-json', 'stream'],
    ['a truncated body', 'truncated', 'generate'],
    ['a truncated stream', 'truncated', 'stream'],
  ] as const)('fails on %s (%s, %s)', async (_label, kind, mode) => {
    fake.behave({ kind, chunks: ['Plants turn light '] });
    const error = await failureOf(() =>
      mode === 'generate' ? provider.generate(input()) : drain(provider.stream(input())),
    );

    expect(error).toBeInstanceOf(ProviderFailureError);
  });

  it('throws from the iterator when the vendor reports an error mid-stream', async () => {
    fake.behave({ kind: 'stream-error', chunks: ['Plants turn light '], message: 'Overloaded' });
    const deltas: string[] = [];
    const error = await failureOf(() => drain(provider.stream(input()), deltas));

    expect(error).toBeInstanceOf(ProviderFailureError);
    expect(deltas).toEqual(['Plants turn light ']);
  });

  it.each(['generate', 'stream'] as const)('fails on an empty answer (%s)', async (mode) => {
    fake.behave({ kind: 'reply', chunks: [] });
    const error = await failureOf(() =>
      mode === 'generate' ? provider.generate(input()) : drain(provider.stream(input())),
    );

    expect(error).toBeInstanceOf(ProviderFailureError);
    expect((error as Error).message).toMatch(/no text/);
  });
});

describe.each(VENDORS.flatMap((v) => (v.auth ? [{ ...v, auth: v.auth }] : [])))(
  '$name with a wrong key',
  (vendor) => {
    it('fails with the vendor’s own status for a refused key', async () => {
      const fake = await vendor.start();
      try {
        const provider = vendor.create(config(vendor.env(fake, 'wrong-key')), prompts);
        const error = await failureOf(() => provider.generate(input()));

        expect(error).toBeInstanceOf(ProviderFailureError);
        expect((error as ProviderFailureError).status).toBe(vendor.auth.wrongKeyStatus);
        expect(fake.requests[0]?.headers[vendor.auth.header]).not.toBe(vendor.auth.value);
      } finally {
        await fake.close();
      }
    });
  },
);

describe('provider registry', () => {
  const offline = fakeProvider('offline', { languages: ['en'] }).provider;
  const registryFor = (env: Record<string, string>) => {
    const cfg = config(env);
    return createProviderRegistry(
      createConfiguredProviders(vendorOptionsOf(cfg), prompts, offline),
      cfg.DEFAULT_AI_PROVIDER,
    );
  };
  const availableIds = (registry: ReturnType<typeof registryFor>) =>
    registry
      .list()
      .filter((p) => p.available)
      .map((p) => p.id);

  it('lists every provider with its contract label; only offline is available unconfigured', () => {
    const registry = registryFor({});

    const all = [...LANGUAGE_IDS];
    expect(registry.list()).toEqual([
      { id: 'offline', label: PROVIDER_LABELS.offline, available: true, languages: ['en'] },
      {
        id: 'remote-google',
        label: PROVIDER_LABELS['remote-google'],
        available: false,
        languages: all,
      },
      {
        id: 'remote-openai',
        label: PROVIDER_LABELS['remote-openai'],
        available: false,
        languages: all,
      },
      {
        id: 'remote-claude',
        label: PROVIDER_LABELS['remote-claude'],
        available: false,
        languages: all,
      },
      {
        id: 'local-ollama',
        label: PROVIDER_LABELS['local-ollama'],
        available: false,
        languages: all,
      },
    ]);
    expect(registry.defaultId).toBe('offline');
  });

  it('makes each vendor available from its own key or URL', () => {
    expect(availableIds(registryFor({ GOOGLE_GENERATIVE_AI_API_KEY: 'k' }))).toEqual([
      'offline',
      'remote-google',
    ]);
    expect(availableIds(registryFor({ OPENAI_API_KEY: 'k' }))).toEqual([
      'offline',
      'remote-openai',
    ]);
    expect(availableIds(registryFor({ ANTHROPIC_API_KEY: 'k' }))).toEqual([
      'offline',
      'remote-claude',
    ]);
    expect(availableIds(registryFor({ OLLAMA_BASE_URL: 'http://127.0.0.1:11434' }))).toEqual([
      'offline',
      'local-ollama',
    ]);
    // A blank variable counts as unset.
    expect(availableIds(registryFor({ OPENAI_API_KEY: '  ' }))).toEqual(['offline']);
  });

  it('defaults to Gemini when its key is set, else offline', () => {
    expect(registryFor({ GOOGLE_GENERATIVE_AI_API_KEY: 'k' }).defaultId).toBe('remote-google');
    expect(registryFor({ OPENAI_API_KEY: 'k' }).defaultId).toBe('offline');
  });

  it('prefers DEFAULT_AI_PROVIDER only when that provider is available', () => {
    const both = { GOOGLE_GENERATIVE_AI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k' };
    expect(registryFor({ ...both, DEFAULT_AI_PROVIDER: 'remote-claude' }).defaultId).toBe(
      'remote-claude',
    );
    expect(registryFor({ ...both, DEFAULT_AI_PROVIDER: 'offline' }).defaultId).toBe('offline');
    expect(registryFor({ ...both, DEFAULT_AI_PROVIDER: 'remote-openai' }).defaultId).toBe(
      'remote-google',
    );
    expect(registryFor({ DEFAULT_AI_PROVIDER: 'remote-claude' }).defaultId).toBe('offline');
    expect(registryFor({ DEFAULT_AI_PROVIDER: 'no-such-ai' }).defaultId).toBe('offline');
  });

  it('finds providers by id, unavailable ones included, and nothing for unknown ids', () => {
    const registry = registryFor({});

    expect(registry.get('offline')).toBe(offline);
    expect(registry.get('remote-openai')?.available).toBe(false);
    expect(registry.get('no-such-ai')).toBeUndefined();
  });

  it('refuses to call an unconfigured vendor', async () => {
    const unconfigured = registryFor({}).get('remote-claude');
    const error = await failureOf(async () => unconfigured?.generate(input()));

    expect(error).toBeInstanceOf(ProviderFailureError);
  });

  it('needs the offline fallback and unique ids', () => {
    expect(() => createProviderRegistry([])).toThrow(/offline/);
    expect(() => createProviderRegistry([offline, offline])).toThrow(/twice/);
  });

  it('addresses Ollama by host or by API root', () => {
    expect(ollamaApiUrl('http://localhost:11434')).toBe('http://localhost:11434/api');
    expect(ollamaApiUrl('http://localhost:11434/')).toBe('http://localhost:11434/api');
    expect(ollamaApiUrl('http://gpu-box:11434/api')).toBe('http://gpu-box:11434/api');
  });
});
