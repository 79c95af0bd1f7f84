import { type Difficulty, parseExplanation, type TemplateId } from '@grasp/contract';
import type {
  ExplanationContext,
  ExplanationProvider,
} from '../features/explain/providers/provider.ts';

/**
 * An explanation as the learning loop receives it: written by the offline provider, its
 * ```questions block lifted out as the server does, and its sections parsed as the web shows them.
 */
export async function offlineExplanation(
  provider: ExplanationProvider,
  query: string,
  template: TemplateId = 'default',
  difficulty: Difficulty = 'beginner',
): Promise<{ explanation: ExplanationContext; suggestedQuestions: string[] }> {
  const signal = new AbortController().signal;
  const text = await provider.generate({ query, template, difficulty, signal });
  const block = /^```questions\n(.*)\n```\n/m.exec(text);
  const suggestedQuestions: unknown = block ? JSON.parse(block[1] ?? '[]') : [];
  const markdown = block ? text.replace(block[0], '') : text;
  const parsed = parseExplanation(markdown);
  return {
    explanation: {
      query,
      template,
      difficulty,
      language: 'en',
      markdown,
      sections: parsed.sections.map(({ title, content }) => ({ title, content })),
      relatedConcepts: parsed.relatedConcepts,
    },
    suggestedQuestions: Array.isArray(suggestedQuestions)
      ? suggestedQuestions.filter((q): q is string => typeof q === 'string')
      : [],
  };
}

/** Everything a tutor stream yields, in order. */
export async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}
