/**
 * A fake OpenAI (the Responses API, as @ai-sdk/openai speaks it) on a fixed port for the e2e
 * server (playwright.config.ts points OPENAI_BASE_URL at it). It answers every explanation in
 * Hindi, streamed in frames cut inside characters, so the browser sees the whole path carry
 * Devanagari. The other specs keep the offline default: OpenAI is only asked when chosen.
 */
import { fakeAnswer } from '../../apps/server/src/test/fake-answers.ts';
import { startFakeOpenAI } from '../../apps/server/src/test/fake-vendors/fake-openai.ts';
import { FAKE_AI_KEY, FAKE_AI_PORT, HINDI_QUERY } from './fake-ai.ts';

const vendor = await startFakeOpenAI(FAKE_AI_KEY, FAKE_AI_PORT);
const text = fakeAnswer('hi', { query: HINDI_QUERY });
vendor.behave({
  kind: 'reply',
  chunks: text.match(/[\s\S]{1,60}/gu) ?? [text],
  splitCharacters: true,
});
process.stdout.write(`fake OpenAI on ${vendor.baseURL}\n`);

const stop = () => void vendor.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
