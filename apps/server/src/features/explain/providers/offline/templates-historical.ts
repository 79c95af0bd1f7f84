import {
  alternativeParts,
  analogyParts,
  classifyParts,
  defineParts,
  exampleParts,
  kindsParts,
  relationParts,
} from './blocks.ts';
import { linkParts, takeawayParts } from './blocks-summary.ts';
import type { ExplainContext } from './context.ts';
import type { DraftSection, Part } from './layout.ts';
import { cap, listText, others, quote } from './phrases.ts';

/**
 * The distiller's historical styles. WordNet holds meanings, not dates or biographies, so these
 * say so plainly and trace the history of the idea through the dictionary's own structure.
 */

const AI_NOTE = 'an AI provider can add the dated, human history';

/** The is-a chain from the root down, split into roots, middle layers and the parent. */
function lineage(ctx: ExplainContext): { roots: string[]; middle: string[]; parent?: string } {
  const down = [...ctx.main.hypernyms].reverse();
  const parent = down.pop();
  const rootCount = Math.min(2, down.length);
  const middleMax = ctx.level === 'beginner' ? 2 : ctx.level === 'intermediate' ? 4 : 12;
  return {
    roots: down.slice(0, rootCount),
    middle: down.slice(rootCount).slice(-middleMax),
    parent,
  };
}

export function historicalTimeline(ctx: ExplainContext): DraftSection[] {
  const { main } = ctx;
  const { roots, middle, parent } = lineage(ctx);
  const rootText: Part = roots.length
    ? {
        text: `The line starts with the broadest ideas WordNet has: ${listText(roots.map(quote))}.`,
      }
    : {
        text: `${cap(main.lemma)} has no ancestors in WordNet's tree, so its line starts with itself.`,
      };
  const middleText: Part = middle.length
    ? { text: `Then the idea narrows, step by step: ${middle.join(' → ')}.` }
    : { text: 'There are no middle layers here: the idea narrows in a single step.' };
  const arrival = parent
    ? `Finally comes ${quote(main.lemma)}, a specific kind of ${parent}.`
    : `Finally comes ${quote(main.lemma)} itself.`;
  return [
    {
      title: 'Understanding This Timeline',
      parts: [
        {
          text: `WordNet records meanings, not dates. This timeline follows the line of ideas that leads to ${quote(main.lemma)}, from the most general to the most specific; ${AI_NOTE}.`,
        },
        ...defineParts(ctx),
      ],
    },
    { title: 'Step 1: The Earliest Roots', parts: [rootText] },
    { title: 'Step 2: The Middle Layers', parts: [middleText] },
    {
      title: `Step 3: Arrival at ${ctx.title}`,
      parts: [{ text: arrival }, ...analogyParts(ctx), ...linkParts(ctx)],
    },
    { title: 'Step 4: What Came After', parts: [...kindsParts(ctx), ...relationParts(ctx)] },
    { title: 'Key Takeaway', parts: [...alternativeParts(ctx), ...takeawayParts(ctx)] },
  ];
}

export function historicalContext(ctx: ExplainContext): DraftSection[] {
  const { main } = ctx;
  return [
    {
      title: 'Understanding the Context',
      parts: [
        {
          text: `WordNet cannot say when or where ${quote(main.lemma)} arose; what it shows is the world of ideas around it. For the period itself, ${AI_NOTE}.`,
        },
        ...defineParts(ctx),
      ],
    },
    { title: 'Structure: The World It Belongs To', parts: classifyParts(ctx) },
    {
      title: 'Analysis: Neighbouring Ideas',
      parts: [...kindsParts(ctx), ...relationParts(ctx), ...linkParts(ctx)],
    },
    { title: 'Evidence in Language', parts: [...exampleParts(ctx), ...alternativeParts(ctx)] },
    { title: 'Key Insight', parts: [...analogyParts(ctx), ...takeawayParts(ctx)] },
  ];
}

/** People WordNet itself names: quoted authors and, for kinds of person, named instances. */
function peopleParts(ctx: ExplainContext): Part[] {
  const { main } = ctx;
  const parts: Part[] = [];
  if (main.authors.length) {
    parts.push({ text: `WordNet's examples for this sense quote ${listText(main.authors)}.` });
  }
  const isPerson = main.hypernyms.some((h) => h.toLowerCase() === 'person');
  const named = others(main.instances, main.lemma, ctx.depth.kinds);
  if (isPerson && named.length) {
    parts.push({ text: `WordNet names these people as ${main.lemma}s: ${listText(named)}.` });
  }
  if (parts.length === 0) {
    parts.push({
      text: `WordNet names no people behind ${quote(main.lemma)}: it is a dictionary of meanings, so ${AI_NOTE}.`,
    });
  }
  return parts;
}

export function historicalBiography(ctx: ExplainContext): DraftSection[] {
  return [
    { title: 'Understanding the People Question', parts: peopleParts(ctx) },
    { title: "The Idea's Identity: Core Understanding", parts: defineParts(ctx) },
    {
      title: 'Structure: Its Family',
      parts: [...classifyParts(ctx), ...analogyParts(ctx), ...linkParts(ctx)],
    },
    {
      title: 'Evidence: Voices and Examples',
      parts: [...exampleParts(ctx), ...kindsParts(ctx), ...relationParts(ctx)],
    },
    { title: 'Key Takeaway', parts: [...alternativeParts(ctx), ...takeawayParts(ctx)] },
  ];
}
