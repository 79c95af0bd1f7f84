import type { TemplateId } from '@grasp/contract';
import { introParts } from './blocks.ts';
import { relatedConcepts } from './blocks-summary.ts';
import type { ExplainContext } from './context.ts';
import type { Draft, DraftSection } from './layout.ts';
import { isA, quote } from './phrases.ts';
import {
  academicEssayResponse,
  buildingBlocks,
  problemSolutionBenefit,
  questionAnswer,
  standard,
  storytelling,
} from './templates-core.ts';
import {
  historicalBiography,
  historicalContext,
  historicalTimeline,
} from './templates-historical.ts';

const COMPOSERS: Record<TemplateId, (ctx: ExplainContext) => DraftSection[]> = {
  default: standard,
  problemSolutionBenefit,
  storytelling,
  buildingBlocks,
  questionAnswer,
  academicEssayResponse,
  historicalTimeline,
  historicalContext,
  historicalBiography,
};

/** Study advice that is true of any term, used only when WordNet's entry is too thin. */
function pads(ctx: ExplainContext): string[] {
  const name = quote(ctx.main.lemma);
  const [parent] = ctx.main.hypernyms;
  return [
    `Try explaining ${name} to a friend in one sentence, then compare it with the definition above.`,
    parent
      ? `A quick test: name something that is ${isA(ctx.main)} ${parent} but is not ${ctx.main.lemma}, and say what separates the two.`
      : `A quick test: use ${name} in a sentence of your own, then check it against the definition.`,
    `Read the definition again slowly: each phrase in it narrows the meaning and is worth a second look.`,
    `Notice where you meet ${name} this week and ask which sense is meant each time.`,
    `A dictionary describes how a word is used; for the science, history or debate behind ${name}, an AI provider gives a fuller explanation.`,
    `Tomorrow, try to recall the definition before rereading it: recalling from memory is what makes it stick.`,
  ];
}

export function draftFor(template: TemplateId, ctx: ExplainContext): Draft {
  const sections = COMPOSERS[template](ctx);
  const [first] = sections;
  if (first) first.parts.unshift(...introParts(ctx));
  return { sections, related: relatedConcepts(ctx), pads: pads(ctx) };
}
