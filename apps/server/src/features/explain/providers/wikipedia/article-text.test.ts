import { describe, expect, it } from 'vitest';
import {
  articleSentences,
  cleanSentence,
  isDisambiguation,
  seeAlso,
  splitSentences,
} from './article-text.ts';

const texts = (extract: string) => articleSentences(extract).map((s) => s.text);

describe('cleaning a sentence', () => {
  it('drops asides, pronunciations and reference marks', () => {
    expect(
      cleanSentence(
        'Osmosis (/ɒzˈmoʊsɪs/ oz-MOH-sis) is the movement of water[1] through a membrane[citation needed].',
      ),
    ).toBe('Osmosis is the movement of water through a membrane.');
    expect(cleanSentence('A lever (from Latin levare (to raise)) turns on a point.')).toBe(
      'A lever turns on a point.',
    );
  });

  it('drops maths markup beside a formula', () => {
    expect(cleanSentence('It is written F = ma {\\displaystyle F=m{a}}, in short.')).toBe(
      'It is written F = ma, in short.',
    );
  });
});

describe('splitting sentences', () => {
  it('leaves abbreviations, initials and decimals inside a sentence', () => {
    expect(
      splitSentences(
        'It was named after Dr. Melvin Calvin, e.g. in books. J. K. Rowling lived in the U.S. for 3.5 years. Then it ended!',
      ),
    ).toEqual([
      'It was named after Dr. Melvin Calvin, e.g. in books.',
      'J. K. Rowling lived in the U.S. for 3.5 years.',
      'Then it ended!',
    ]);
  });

  it('ends Devanagari sentences at the danda and Tamil ones at the full stop', () => {
    expect(splitSentences('पानी भाप बनता है। बादल बनते हैं।')).toEqual([
      'पानी भाप बनता है।',
      'बादल बनते हैं।',
    ]);
    expect(splitSentences('இலைகள் உணவு தயாரிக்கின்றன. வேர்கள் நீரை எடுக்கின்றன.')).toEqual([
      'இலைகள் உணவு தயாரிக்கின்றன.',
      'வேர்கள் நீரை எடுக்கின்றன.',
    ]);
  });
});

describe('an article’s sentences', () => {
  const article = `Friction is a force that slows things down.[1] It acts whenever two surfaces touch.
For other uses, see Friction (disambiguation).
Its kinds include:
static friction
kinetic friction

== How it works ==
Tiny bumps on one surface catch on bumps of the other one.[2] The force is F = μN {\\displaystyle F=\\mu N} for a block.

== See also ==
Force
Lubricant

== References ==
Someone, A. (2001). A book about things that rub together.`;

  it('keeps the prose and leaves out hatnotes, lists, formulas and the tail', () => {
    expect(texts(article)).toEqual([
      'Friction is a force that slows things down.',
      'It acts whenever two surfaces touch.',
      'Tiny bumps on one surface catch on bumps of the other one.',
    ]);
    expect(articleSentences(article)[2]?.section).toBe('How it works');
  });

  it('reads the See also items as related concepts', () => {
    expect(seeAlso(article)).toEqual(['Force', 'Lubricant']);
  });

  it('knows a disambiguation page', () => {
    expect(isDisambiguation('Mercury may refer to:\nMercury (planet)\nMercury (element)')).toBe(
      true,
    );
    expect(isDisambiguation(article)).toBe(false);
  });
});
