import type { FakePage } from './fake-vendors/fake-wikipedia.ts';
import { ENGLISH_ARTICLES, type SampleArticle } from './sample-articles-en.ts';
import { OTHER_ARTICLES, SIMPLE_ARTICLES } from './sample-articles-other.ts';

export type { SampleArticle } from './sample-articles-en.ts';
export { ENGLISH_ARTICLES, OTHER_ARTICLES, SIMPLE_ARTICLES };

/** An article as the fake Wikipedia serves it: the lead as the summary, the whole as extract. */
export function fakePage(article: SampleArticle): FakePage {
  const lead = article.text.split('\n== ')[0]?.replace(/\[\d+\]/g, '') ?? '';
  return { title: article.title, extract: lead.trim(), text: article.text };
}

/** Every sample article, by edition, for startFakeWikipedia({ pages }). */
export function sampleEditions(): Record<string, FakePage[]> {
  return {
    en: ENGLISH_ARTICLES.map(fakePage),
    simple: SIMPLE_ARTICLES.map(fakePage),
    ...Object.fromEntries(
      Object.entries(OTHER_ARTICLES).map(([edition, list]) => [edition, list.map(fakePage)]),
    ),
  };
}
