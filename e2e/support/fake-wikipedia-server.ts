/**
 * A fake Wikipedia for the e2e server (playwright.config.ts points WIKIPEDIA_URL at it): the
 * REST search and page summaries in the real wire format. The English edition has a page for
 * any concept; the Hindi one has none, so a Hindi explanation cites English pages.
 */
import { startFakeWikipedia } from '../../apps/server/src/test/fake-vendors/fake-wikipedia.ts';
import { ENGLISH_ARTICLES, fakePage } from '../../apps/server/src/test/sample-articles.ts';
import { FAKE_WIKIPEDIA_PORT, WIKIPEDIA_CONCEPTS } from './fake-ai.ts';

// Whole articles for the no-key explainer (wikipedia-explainer.spec.ts), found by title only so
// the other specs' searches find the made-up page they always had.
const articles = ENGLISH_ARTICLES.filter((a) => WIKIPEDIA_CONCEPTS.includes(a.title)).map(fakePage);
const wiki = await startFakeWikipedia({
  port: FAKE_WIKIPEDIA_PORT,
  anyEnglishQuery: true,
  byTitleOnly: true,
  pages: { en: articles },
});
process.stdout.write(`fake Wikipedia on ${wiki.baseUrl}\n`);

const stop = () => void wiki.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
