import { DISTILL_MAX_CONCEPTS, DISTILL_MIN_CONCEPTS } from '@grasp/contract';
import type { Sense, WordNet } from '../../explain/providers/offline/wordnet.ts';
import { UnknownConceptError } from '../../explain/providers/provider.ts';
import type { Distiller } from '../distiller.ts';
import { materialTerms } from './material-terms.ts';
import { wordnetPrerequisites } from './offline-prerequisites.ts';
import { type SubjectTerm, subjectTerms } from './subject-terms.ts';

// Words that frame a subject ("history of …"): concepts, but never its main term.
const FRAME_WORDS = new Set('history evolution invention discovery science theory'.split(' '));
// Words too vague to explain on their own ("the causes of …", "the rise of …").
const VAGUE_WORDS = new Set(
  (
    'cause effect consequence role impact importance significance basics basic introduction ' +
    'overview way thing type kind part example difference meaning definition concept idea topic ' +
    'lot use term fact detail aspect factor reason explanation question answer origin rise ' +
    'fall development future story timeline era age period study'
  ).split(' '),
);
const MAX_PARTS = 4;
const MAX_KINDS = 4;

function noConcepts(subject: string): UnknownConceptError {
  return new UnknownConceptError(
    `No concepts of "${subject.trim()}" are in the offline dictionary. Try naming the subject with common nouns (for example "history of the printing press"), or configure an AI provider (for example GOOGLE_GENERATIVE_AI_API_KEY) to distill any subject.`,
    { key: 'server.noConceptsInDictionary', values: { subject: subject.trim() } },
  );
}

const nounSense = (senses: readonly Sense[]) => senses.find((s) => s.pos === 'noun') ?? senses[0];

/** WordNet's own capitals ("French Revolution") when it has them, else its base form. */
async function displayName(term: SubjectTerm, wordnet: WordNet): Promise<string> {
  const lemma = nounSense(await wordnet.lookup(term.key))?.lemma;
  return lemma?.toLowerCase() === term.key ? lemma : term.key;
}

/**
 * A part or kind named by a word with other meanings reads "bed (printing press)", so that it
 * is explained in the right sense: its first sense must itself point at the main term's synset
 * (named by any of its words: WordNet calls the printing press "press" there).
 */
async function qualified(
  name: string,
  main: { name: string; words: ReadonlySet<string> },
  wordnet: WordNet,
  belongs: (sense: Sense) => readonly string[],
): Promise<string> {
  const first = nounSense(await wordnet.lookup(name));
  const fits = first && belongs(first).some((w) => main.words.has(w.toLowerCase()));
  return fits ? name : `${name} (${main.name})`;
}

/** Half of the room each, the rest to whichever list has more to give. */
function share(parts: string[], kinds: string[], room: number): [string[], string[]] {
  const half = Math.ceil(room / 2);
  let p = Math.min(parts.length, MAX_PARTS, half);
  const k = Math.min(kinds.length, MAX_KINDS, room - p);
  p = Math.min(parts.length, MAX_PARTS, room - k);
  return [parts.slice(0, p), kinds.slice(0, k)];
}

/**
 * Distils with WordNet alone: the subject's known nouns, then the parts and kinds of its main
 * term, general to specific. The main term's category leads when that is all it knows. The
 * prerequisites come from the same relations (offline-prerequisites.ts).
 */
export function createOfflineDistiller(dictionary: WordNet): Distiller {
  return {
    available: true,
    async distill(subject, signal) {
      signal.throwIfAborted();
      const found = (await subjectTerms(subject, dictionary, signal)).filter(
        (t) => !VAGUE_WORDS.has(t.key),
      );
      const main = found.find((t) => !FRAME_WORDS.has(t.key)) ?? found[0];
      if (!main) throw noConcepts(subject);
      signal.throwIfAborted();

      const names = await Promise.all(found.map((t) => displayName(t, dictionary)));
      const mainName = names[found.indexOf(main)] ?? main.written;
      const frames = names.filter((_, i) => FRAME_WORDS.has(found[i]?.key ?? ''));
      const others = names.filter((n) => n !== mainName && !frames.includes(n));
      const sense = nounSense(await dictionary.lookup(main.key));
      const rawParts = sense ? [...sense.parts, ...sense.substances, ...sense.members] : [];
      const rawKinds = sense ? [...sense.kinds, ...sense.instances] : [];
      const base = [...frames, mainName, ...others];
      const [parts, kinds] = share(rawParts, rawKinds, DISTILL_MAX_CONCEPTS - base.length);
      signal.throwIfAborted();
      const own = { name: mainName, words: new Set(sense?.words.map((w) => w.toLowerCase())) };
      const specifics = await Promise.all([
        ...parts.map((p) => qualified(p, own, dictionary, (s) => s.partOf)),
        ...kinds.map((k) => qualified(k, own, dictionary, (s) => s.directHypernyms)),
      ]);
      const category = sense?.directHypernyms[0];
      const foundation =
        category && base.length + specifics.length < DISTILL_MIN_CONCEPTS ? [category] : [];
      const concepts = [...foundation, ...base, ...specifics];
      return { concepts, prerequisites: await wordnetPrerequisites(concepts, dictionary) };
    },
    async distillMaterial(material, signal) {
      const concepts = await materialTerms(material, dictionary, signal);
      if (concepts.length === 0) {
        throw new UnknownConceptError(
          `No concepts could be picked out of "${material.title}". Try a longer material, or configure an AI provider to distil any text.`,
          { key: 'server.noConceptsInMaterial', values: { title: material.title } },
        );
      }
      return { concepts, prerequisites: await wordnetPrerequisites(concepts, dictionary) };
    },
  };
}
