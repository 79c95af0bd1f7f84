/**
 * A fake OpenAI (the Responses API, as @ai-sdk/openai speaks it) on a fixed port for the e2e
 * server (playwright.config.ts points OPENAI_BASE_URL at it). It answers each explanation in the
 * language its prompt asks for, about the concept it names, streamed in frames cut inside
 * characters, so the browser sees the whole path carry the Indian scripts. The other specs keep
 * the offline default: OpenAI is only asked when chosen.
 */
import { LANGUAGE_ENGLISH_NAMES, LANGUAGE_IDS, type LanguageId } from '@grasp/contract';
import { fakeAnswer } from '../../apps/server/src/test/fake-answers.ts';
import { startFakeOpenAI } from '../../apps/server/src/test/fake-vendors/fake-openai.ts';
import { FAKE_AI_KEY, FAKE_AI_PORT, OUTAGE_QUERY } from './fake-ai.ts';

/** The language the system prompt asks for ("Write the whole answer in Hindi (…)"). */
function languageOf(prompt: string): LanguageId {
  const named = LANGUAGE_IDS.find((id) =>
    prompt.includes(`whole answer in ${LANGUAGE_ENGLISH_NAMES[id]} (`),
  );
  return named ?? 'en';
}

const vendor = await startFakeOpenAI(FAKE_AI_KEY, FAKE_AI_PORT);
vendor.behave({
  kind: 'reply-to',
  answer(body) {
    const prompt = JSON.stringify(body);
    // The user turn's fence, the last one: the system text names the tags too.
    const query =
      [...prompt.matchAll(/<concept>([^<]*)<\/concept>/gu)].at(-1)?.[1] ?? 'Photosynthesis';
    if (query === OUTAGE_QUERY) return { kind: 'error', status: 503, message: 'Overloaded' };
    const answer = fakeAnswer(languageOf(prompt), { query });
    // Given numbered sources, it cites the first at the end of its first paragraph, as asked.
    const text = prompt.includes('<source n=\\"1\\"')
      ? answer.replace(/\n(?=## )/, ' [1]\n')
      : answer;
    return { chunks: text.match(/[\s\S]{1,60}/gu) ?? [text], splitCharacters: true };
  },
});
process.stdout.write(`fake OpenAI on ${vendor.baseURL}\n`);

const stop = () => void vendor.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
