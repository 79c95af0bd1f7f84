import type { Sense, WordNet } from '../../explain/providers/offline/wordnet.ts';
import type { Prerequisite } from '../prerequisites.ts';

const nounSense = (senses: readonly Sense[]) => senses.find((s) => s.pos === 'noun') ?? senses[0];
/** "bed (printing press)" is looked up, and named by others, as "bed". */
const baseOf = (name: string) => name.replace(/\s*\([^)]*\)$/, '').toLowerCase();

/**
 * Which distilled concepts come before which, by WordNet: a concept's hypernyms (what it is a
 * kind of) and its parts come before it, its kinds and the wholes it is part of after it.
 */
export async function wordnetPrerequisites(
  names: readonly string[],
  wordnet: WordNet,
): Promise<Prerequisite[]> {
  const byBase = new Map<string, string>();
  for (const name of names) if (!byBase.has(baseOf(name))) byBase.set(baseOf(name), name);
  const senses = await Promise.all(
    names.map(async (name) => nounSense(await wordnet.lookup(baseOf(name)))),
  );
  const pairs = new Map<string, Prerequisite>();
  const pair = (from: string | undefined, to: string | undefined) => {
    if (from && to && from !== to) pairs.set(JSON.stringify([from, to]), { from, to });
  };
  names.forEach((name, i) => {
    const sense = senses[i];
    if (!sense) return;
    const named = (terms: readonly string[]) => terms.map((t) => byBase.get(t.toLowerCase()));
    const before = [...sense.hypernyms, ...sense.directHypernyms];
    for (const other of named([...before, ...sense.parts, ...sense.substances])) pair(other, name);
    for (const other of named([...sense.kinds, ...sense.instances, ...sense.partOf])) {
      pair(name, other);
    }
  });
  return [...pairs.values()];
}
