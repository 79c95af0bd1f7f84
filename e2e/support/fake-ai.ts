/** Where the e2e server's fake OpenAI listens, and what it is asked (see fake-ai-server.ts). */
export const FAKE_AI_PORT = Number(
  process.env.E2E_FAKE_AI_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1,
);
export const FAKE_AI_KEY = 'sk-e2e-fake-openai';
export const HINDI_QUERY = 'प्रकाश संश्लेषण';

/** Where the e2e server's fake Wikipedia listens (see fake-wikipedia-server.ts). */
export const FAKE_WIKIPEDIA_PORT = Number(
  process.env.E2E_FAKE_WIKIPEDIA_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2,
);

/** Concepts the e2e fake Wikipedia has whole articles for (wikipedia-explainer.spec.ts). */
export const WIKIPEDIA_CONCEPTS = ['Pollination', 'Rainbow'];
/** The fake OpenAI is down for this concept: the no-key explainer answers instead. */
export const OUTAGE_QUERY = 'Rainbow';
