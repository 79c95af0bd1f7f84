import type { Source } from '@grasp/contract';
import { type DraftSection, type Part, renderDraft } from './layout.ts';

/** Sentences of a source's excerpt, each remembering the source it cites. */
interface Cited {
  text: string;
  n: number;
}

const DEFINING = /\b(?:is|are|was|were|means|refers to|describes|called|defined as)\b/i;
const FILLER = new Set(
  'about after also because been before being between both could does each from have into more most much only other over same some such than that their them then there these they this those through under very what when where which while with would your'.split(
    ' ',
  ),
);

function sentencesOf(sources: readonly Source[]): Cited[] {
  return sources.flatMap((s) =>
    (s.excerpt.match(/[^.!?]+[.!?]+["'”’)\]]*|[^.!?]+$/g) ?? [])
      .map((t) => t.trim())
      .filter((t) => /\p{L}{2}/u.test(t))
      .map((text) => ({ text, n: s.n })),
  );
}

const mentions = (sentence: string, words: readonly string[]) => {
  const lower = sentence.toLowerCase();
  return words.some((w) => lower.includes(w));
};

const cite = (s: Cited) => `${s.text.replace(/\s+/g, ' ')} [${s.n}]`;

const pageList = (sources: readonly Source[]) => {
  const pages = [...new Set(sources.flatMap((s) => (s.page ? [s.page] : [])))].sort(
    (a, b) => a - b,
  );
  if (pages.length === 0) return '';
  return ` on ${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')}`;
};

/** The words the cited passages use most beside the concept: what to read about next. */
function relatedTerms(sentences: readonly Cited[], conceptWords: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const s of sentences) {
    for (const word of s.text.toLowerCase().match(/\p{L}{5,}/gu) ?? []) {
      if (FILLER.has(word) || conceptWords.some((c) => word.startsWith(c.slice(0, 5)))) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([w]) => w);
}

/** A section's parts, or one plain sentence when the material has nothing for it. */
const orSay = (parts: Part[], otherwise: string): Part[] =>
  parts.length > 0 ? parts : [{ text: otherwise }];

/**
 * An offline explanation built from the learner's own material (DESIGN.md §10): its sentences
 * about the concept, each cited [n], in the usual timed sections. Nothing is made up: what the
 * material does not say is not said, and the text tells the learner where to read on.
 */
export function explainFromMaterial(query: string, sources: readonly Source[]): string[] {
  const conceptWords = (query.toLowerCase().match(/\p{L}{3,}/gu) ?? []).map((w) =>
    w.replace(/s$/, ''),
  );
  const all = sentencesOf(sources);
  const about = all.filter((s) => mentions(s.text, conceptWords));
  const defining = about.find((s) => DEFINING.test(s.text)) ?? about[0] ?? all[0];
  const rest = all.filter((s) => s !== defining);
  const detail = rest.filter((s) => mentions(s.text, conceptWords));
  const context = rest.filter((s) => !detail.includes(s));
  const title = sources[0]?.title ?? 'your material';
  const where = pageList(sources);
  const related = relatedTerms(all, conceptWords);
  const sections: DraftSection[] = [
    {
      title: 'What your material says',
      parts: [
        { text: defining ? cite(defining) : '' },
        { text: `This is how "${title}" puts ${query}${where}.` },
      ],
    },
    {
      title: 'In more detail',
      parts: orSay(
        detail.slice(0, 4).map((s, i) => ({ text: cite(s), drop: 4 - i })),
        `These passages say no more about ${query} than the lines above.`,
      ),
    },
    {
      title: 'Around it in the text',
      parts: orSay(
        context.slice(0, 4).map((s, i) => ({ text: cite(s), drop: 4 - i })),
        `Around it, "${title}" turns to ${related[0] ?? 'other ideas'}.`,
      ),
    },
    {
      title: 'Key takeaway',
      parts: [
        {
          text: `Read ${query} in your material${where} and say in your own words what each cited sentence adds.${related.length ? ` Then look at how it connects to ${related.join(', ')}.` : ''}`,
        },
      ],
    },
  ];
  return renderDraft({
    sections,
    related: related.length ? related : [query],
    pads: [
      `Every sentence above is quoted from "${title}"; the number in brackets after it names the passage it comes from.`,
      'This explanation was assembled offline from your own material, without an AI model: it says only what the material says.',
      'To go further than the material, ask an AI provider, or read the passages around these pages again.',
    ],
  });
}
