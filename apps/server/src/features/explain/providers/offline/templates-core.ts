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
import type { DraftSection } from './layout.ts';
import { isA, quote } from './phrases.ts';

/** The six selectable styles of SPEC.md §3, each a framing and ordering of the same facts. */

export function standard(ctx: ExplainContext): DraftSection[] {
  const t = ctx.title;
  return [
    { title: `Understanding ${t}`, parts: defineParts(ctx) },
    { title: `Structure: Where ${t} Fits`, parts: [...classifyParts(ctx), ...analogyParts(ctx)] },
    { title: 'Analysis: Kinds and Parts', parts: [...kindsParts(ctx), ...linkParts(ctx)] },
    { title: 'Evidence: The Word in Use', parts: [...exampleParts(ctx), ...relationParts(ctx)] },
    { title: 'Pitfall: Other Meanings', parts: alternativeParts(ctx) },
    { title: 'Key Takeaway', parts: takeawayParts(ctx) },
  ];
}

export function problemSolutionBenefit(ctx: ExplainContext): DraftSection[] {
  const { main } = ctx;
  const [parent] = main.hypernyms;
  const benefit = parent
    ? `Once you see that ${main.lemma} is ${isA(main)} ${parent}, what you already know about ${parent} carries over, and you only need to learn what sets ${main.lemma} apart.`
    : `Once the meaning is fixed, you can read and use ${quote(main.lemma)} without guessing.`;
  return [
    {
      title: `The Problem: Understanding What ${ctx.title} Means`,
      parts: [
        {
          text: `Words like ${quote(main.lemma)} are used loosely in everyday talk, which makes them hard to pin down and easy to misread.`,
        },
        ...alternativeParts(ctx, 3),
      ],
    },
    { title: 'The Solution: A Precise Definition', parts: defineParts(ctx) },
    { title: 'Structure of the Solution', parts: [...classifyParts(ctx), ...kindsParts(ctx)] },
    {
      title: 'Benefit: What You Gain',
      parts: [{ text: benefit }, ...linkParts(ctx), ...relationParts(ctx), ...analogyParts(ctx)],
    },
    { title: 'Application: Next Steps', parts: [...exampleParts(ctx), ...takeawayParts(ctx)] },
  ];
}

export function storytelling(ctx: ExplainContext): DraftSection[] {
  const { main } = ctx;
  return [
    {
      title: `A Story of Understanding ${ctx.title}`,
      parts: [
        {
          text: `Picture a curious reader meeting the word ${quote(main.lemma)} and opening the dictionary.`,
        },
        ...defineParts(ctx),
      ],
    },
    {
      title: 'Structure: The Family Tree',
      parts: [
        {
          text: 'Next, the reader climbs the family tree to see where the idea comes from.',
          drop: 5,
        },
        ...classifyParts(ctx),
        ...analogyParts(ctx),
      ],
    },
    { title: 'The Relatives: Kinds and Parts', parts: [...kindsParts(ctx), ...linkParts(ctx)] },
    {
      title: 'Evidence: The Word in Action',
      parts: [...exampleParts(ctx), ...relationParts(ctx), ...alternativeParts(ctx)],
    },
    {
      title: 'The Moral: Key Insight',
      parts: [{ text: 'The moral of the story:', drop: 5 }, ...takeawayParts(ctx)],
    },
  ];
}

export function buildingBlocks(ctx: ExplainContext): DraftSection[] {
  return [
    { title: 'Block 1: Core Understanding', parts: defineParts(ctx) },
    { title: 'Block 2: The Foundation Layer', parts: classifyParts(ctx) },
    { title: 'Block 3: Structure of Kinds and Parts', parts: kindsParts(ctx) },
    {
      title: 'Block 4: Connections and Principles',
      parts: [
        ...linkParts(ctx),
        ...relationParts(ctx),
        ...exampleParts(ctx),
        ...alternativeParts(ctx),
      ],
    },
    {
      title: 'Putting the Blocks Together: Key Takeaway',
      parts: [...analogyParts(ctx), ...takeawayParts(ctx)],
    },
  ];
}

export function questionAnswer(ctx: ExplainContext): DraftSection[] {
  return [
    { title: `Question: What Is ${ctx.title}?`, parts: defineParts(ctx) },
    {
      title: 'Question: What Kind of Thing Is It?',
      parts: [...classifyParts(ctx), ...analogyParts(ctx)],
    },
    {
      title: 'Question: What Are Its Kinds and Parts?',
      parts: [...kindsParts(ctx), ...linkParts(ctx)],
    },
    {
      title: 'Question: How Is the Word Used?',
      parts: [...exampleParts(ctx), ...relationParts(ctx)],
    },
    { title: 'Question: Which Misconception Should I Avoid?', parts: alternativeParts(ctx) },
    { title: 'Question: What Should I Remember?', parts: takeawayParts(ctx) },
  ];
}

export function academicEssayResponse(ctx: ExplainContext): DraftSection[] {
  const thesis = `This response defines ${quote(ctx.main.lemma)}, places it within WordNet's taxonomy, analyses its components and closes with the key points.`;
  return [
    {
      title: 'Introduction: Understanding the Question',
      parts: [{ text: thesis }, ...defineParts(ctx)],
    },
    { title: 'Definition and Principles', parts: [...classifyParts(ctx), ...linkParts(ctx)] },
    {
      title: 'Analysis: Classification and Components',
      parts: [...kindsParts(ctx), ...relationParts(ctx)],
    },
    { title: 'Evidence from Usage', parts: [...exampleParts(ctx), ...alternativeParts(ctx)] },
    { title: 'Conclusion: Key Takeaway', parts: takeawayParts(ctx) },
  ];
}
