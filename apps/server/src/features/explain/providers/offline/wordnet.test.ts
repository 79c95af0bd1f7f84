import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWordNet, defaultDictDir } from './wordnet.ts';
import { parseDataLine, parseGloss, parseIndexLine } from './wordnet-format.ts';

const wordnet = createWordNet();
afterAll(() => wordnet.close());

describe('WordNet lookups', () => {
  it('explains gravity: definition, examples, chain to the root, relations', async () => {
    const [gravity] = await wordnet.lookup('gravity');
    expect(gravity?.pos).toBe('noun');
    expect(gravity?.definition).toMatch(/force of attraction between all masses/);
    expect(gravity?.examples.length).toBeGreaterThan(0);
    expect(gravity?.authors).toContain('Albert Einstein');
    expect(gravity?.hypernyms[0]).toBe('attraction');
    expect(gravity?.hypernyms.at(-1)).toBe('entity');
    expect(gravity?.words).toContain('gravitation');
    expect(gravity?.related).toContainEqual({ relation: 'domain', term: 'physics' });
  });

  it('gives a dog its kinds, parts, wholes and both parents', async () => {
    const [dog] = await wordnet.lookup('dog');
    expect(dog?.directHypernyms).toEqual(['canine', 'domestic animal']);
    expect(dog?.hypernyms).toContain('mammal');
    expect(dog?.kinds).toContain('puppy');
    expect(dog?.parts).toContain('flag');
    expect(dog?.partOf).toContain('pack');
  });

  it('finds photosynthesis and its part', async () => {
    const [sense] = await wordnet.lookup('Photosynthesis');
    expect(sense?.definition).toMatch(/^synthesis of compounds/);
    expect(sense?.parts).toContain('light reaction');
  });

  it.each([
    ['dogs', 'dog'],
    ['black holes', 'black hole'],
    ['volcanoes', 'volcano'],
    ['mice', 'mouse'],
    ['running', 'run'],
  ])('reduces %s to %s', async (word, lemma) => {
    const senses = await wordnet.lookup(word);
    expect(senses.map((s) => s.lemma)).toContain(lemma);
  });

  it('leads with the part of speech that has most senses', async () => {
    const [run] = await wordnet.lookup('run');
    expect(run?.pos).toBe('verb');
  });

  it('returns nothing for unknown words and resolves known ones cheaply', async () => {
    expect(await wordnet.lookup('xqzzv')).toEqual([]);
    expect(await wordnet.resolve('Supply  and demand')).toBeUndefined();
    expect(await wordnet.resolve('Black Holes')).toEqual({
      key: 'black_hole',
      lemma: 'black hole',
      pos: ['noun'],
    });
  });
});

describe('lazy reading', () => {
  it('reads a tiny fraction of the files and nothing again for a cached concept', async () => {
    const fresh = createWordNet();
    const dict = defaultDictDir();
    const total = ['index.noun', 'data.noun', 'index.verb', 'data.verb'].reduce(
      (sum, f) => sum + statSync(join(dict, f)).size,
      0,
    );
    await fresh.lookup('democracy');
    const afterFirst = fresh.stats().bytesRead;
    expect(afterFirst).toBeGreaterThan(0);
    expect(afterFirst).toBeLessThan(total / 100);
    await fresh.lookup('democracy');
    expect(fresh.stats().bytesRead).toBe(afterFirst);
    await fresh.close();
  });
});

describe('line parsers', () => {
  it('parses index lines', () => {
    expect(parseIndexLine('gravity n 3 5 ! @ ~ + ; 3 2 11484542 04654835 07527386  ')).toEqual({
      lemma: 'gravity',
      offsets: [11484542, 4654835, 7527386],
    });
    expect(parseIndexLine('  1 This software and database is being provided')).toBeUndefined();
  });

  it('parses data lines with adjective markers and lexical pointers', () => {
    const synset = parseDataLine(
      '00001740 00 a 01 able(p) 0 002 = 05207437 n 0000 ! 00002098 a 0101 | (usually followed by `to\') having the necessary means; "able to swim"; "she was able to program"  ',
    );
    expect(synset?.words).toEqual(['able']);
    expect(synset?.pointers.map((p) => [p.symbol, p.pos, p.target])).toEqual([
      ['=', 'noun', 0],
      ['!', 'adjective', 1],
    ]);
    expect(synset?.examples).toEqual(['able to swim', 'she was able to program']);
  });

  it('splits glosses into definition, examples and credited authors', () => {
    expect(parseGloss('a thing; a second clause; "example one"; "two"--Mark Twain')).toEqual({
      definition: 'a thing; a second clause',
      examples: ['example one', 'two'],
      authors: ['Mark Twain'],
    });
  });
});
