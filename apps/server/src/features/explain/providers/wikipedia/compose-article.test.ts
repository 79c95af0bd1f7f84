import { describe, expect, it } from 'vitest';
import {
  ENGLISH_ARTICLES,
  OTHER_ARTICLES,
  SIMPLE_ARTICLES,
} from '../../../../test/sample-articles.ts';
import { checkTwoMinuteShape } from '../../answer.ts';
import { type Article, composeFromArticles } from './compose-article.ts';
import { fleschKincaidGrade } from './readability.ts';

const asArticle = (a: { title: string; text: string }, language: Article['language'] = 'en') => ({
  title: a.title,
  url: `https://example.org/wiki/${encodeURIComponent(a.title)}`,
  extract: a.text,
  language,
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('composing from an article', () => {
  it('keeps the two-minute shape at every level, mostly in the article’s own words', () => {
    for (const sample of ENGLISH_ARTICLES) {
      for (const difficulty of ['beginner', 'intermediate', 'advanced'] as const) {
        const composed = composeFromArticles([asArticle(sample)], {
          template: 'default',
          difficulty,
          language: 'en',
        });
        if (!composed) throw new Error(`${sample.title} composed nothing`);
        const shape = checkTwoMinuteShape(composed.markdown, 'en');
        expect(shape.fits, `${sample.title} ${difficulty}`).toBe(true);
        expect(composed.articleWords / shape.words).toBeGreaterThanOrEqual(0.8);
        expect(composed.related.length).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('gives an English beginner plain sentences: median grade 9 or below', () => {
    const grades = ENGLISH_ARTICLES.map((sample) => {
      const composed = composeFromArticles([asArticle(sample)], {
        template: 'default',
        difficulty: 'beginner',
        language: 'en',
      });
      return fleschKincaidGrade(composed?.sentences ?? []);
    });
    expect(median(grades)).toBeLessThanOrEqual(9);
  });

  it('cites every sentence and names the licence', () => {
    const simple = SIMPLE_ARTICLES[0];
    if (!simple) throw new Error('no sample');
    const composed = composeFromArticles([asArticle(simple)], {
      template: 'default',
      difficulty: 'beginner',
      language: 'en',
    });
    const body = composed?.markdown.split('\n## Related')[0] ?? '';
    for (const paragraph of body.split('\n\n').filter((p) => p.trim() && !p.startsWith('## '))) {
      for (const sentence of paragraph.trim().split(/(?<=\])\s+/))
        expect(sentence).toMatch(/\[1\]$/);
    }
    expect(composed?.sources).toEqual([
      expect.objectContaining({ n: 1, origin: 'wikipedia', license: 'CC BY-SA 4.0' }),
    ]);
    expect(composed?.related).toEqual(['Plant', 'Oxygen']);
  });

  it('writes another language from its own edition, its frame in that language', () => {
    for (const [language, samples] of Object.entries(OTHER_ARTICLES)) {
      const sample = samples[0];
      if (!sample) continue;
      const lang = language as Article['language'];
      const composed = composeFromArticles([asArticle(sample, lang)], {
        template: 'default',
        difficulty: 'beginner',
        language: lang,
      });
      if (!composed) throw new Error(`${language} composed nothing`);
      expect(checkTwoMinuteShape(composed.markdown, lang).fits, language).toBe(true);
      expect(composed.markdown).not.toContain('Key Principles');
      expect(composed.sources[0]?.language).toBe(lang);
    }
  });

  it('composes nothing from an article too short for two minutes', () => {
    expect(
      composeFromArticles(
        [asArticle({ title: 'Stub', text: 'A stub is a short article about little.' })],
        {
          template: 'default',
          difficulty: 'beginner',
          language: 'en',
        },
      ),
    ).toBeNull();
  });
});
