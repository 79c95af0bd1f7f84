/**
 * A fake Wikipedia for the e2e server (playwright.config.ts points WIKIPEDIA_URL at it): the
 * REST search and page summaries in the real wire format. The English edition has a page for
 * any concept; the Hindi one has none, so a Hindi explanation cites English pages.
 */
import { startFakeWikipedia } from '../../apps/server/src/test/fake-vendors/fake-wikipedia.ts';
import { FAKE_WIKIPEDIA_PORT } from './fake-ai.ts';

const wiki = await startFakeWikipedia({ port: FAKE_WIKIPEDIA_PORT, anyEnglishQuery: true });
process.stdout.write(`fake Wikipedia on ${wiki.baseUrl}\n`);

const stop = () => void wiki.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
