import { type ExplainResponse, explainResponseSchema, type MaterialRef } from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../../db/types.ts';
import { createBatchWriter } from '../../../lib/batch-writer.ts';
import type { Clock } from '../../../lib/clock.ts';
import { extractRelatedConcepts } from '../answer.ts';
import { type AnswerText, createStoredTexts } from '../answer-texts.ts';
import * as repo from '../explain.repository.ts';
import { cachedAnswerSchema } from './answer-cache.ts';
import type { Answer } from './check.ts';

const detailsSchema = z.object({
  graph: explainResponseSchema.shape.graph,
  suggestedQuestions: cachedAnswerSchema.shape.suggestedQuestions,
  glossary: explainResponseSchema.shape.glossary,
  sources: explainResponseSchema.shape.sources,
});

/**
 * The graph, suggested questions, glossary and sources stored beside an answer's text
 * (answer_texts.details_json).
 */
export function readAnswerDetails(json: string | null): z.infer<typeof detailsSchema> {
  const parsed = json ? detailsSchema.safeParse(JSON.parse(json)) : null;
  return parsed?.success ? parsed.data : { suggestedQuestions: [], sources: [] };
}

export function answerDetails(answer: Answer): string | null {
  const { graph, suggestedQuestions, glossary, sources } = answer;
  if (!graph && suggestedQuestions.length === 0 && !glossary && sources.length === 0) return null;
  return JSON.stringify({
    graph,
    suggestedQuestions,
    ...(glossary ? { glossary } : {}),
    ...(sources.length > 0 ? { sources } : {}),
  });
}

/** An explanation's row with its answer text, as the learning loop and the export read it. */
export function toExplanation(row: NonNullable<Awaited<ReturnType<typeof repo.explanationOf>>>) {
  const details = readAnswerDetails(row.details_json);
  return {
    explanationId: row.id,
    answerId: row.answer_id,
    query: row.concept_name,
    template: row.template,
    difficulty: row.difficulty,
    language: row.language,
    provider: row.provider,
    response: row.text,
    relatedConcepts: extractRelatedConcepts(row.text),
    ...(details.graph ? { graph: details.graph } : {}),
    ...(details.glossary ? { glossary: details.glossary } : {}),
    suggestedQuestions: details.suggestedQuestions,
    sources: details.sources,
    ...(row.material_id && row.material_title
      ? { material: { materialId: row.material_id, title: row.material_title } }
      : {}),
    ...(row.fallback === 1 ? { fallback: true } : {}),
    createdAt: row.created_at,
  };
}

/** Whose message an answer becomes. */
export interface MessageOwner {
  userId: string;
  conceptName: string;
  queryKey: string;
  template: string;
  difficulty: string;
  language: string;
  material?: MaterialRef | undefined;
  /** The model failed and the no-key explainer wrote it. */
  fallback?: boolean | undefined;
}

type Message = repo.NewExplanation & { text: AnswerText };

/**
 * Stage 4, record: the answer stored as the user's message, its text once per distinct answer.
 * A payment given as `spend` runs in the same transaction; a message with nothing to pay for
 * joins the batched writes.
 */
export function createRecord(db: Kysely<DB>, clock: Clock) {
  const storedTexts = createStoredTexts();
  /** Writes the answer texts not yet stored, then the messages pointing at them. */
  async function saveMessages(target: Kysely<DB> | Transaction<DB>, rows: Message[]) {
    const texts = storedTexts.unstored(rows.map((r) => r.text));
    await repo.insertAnswerTexts(target, texts);
    await repo.insertExplanations(target, rows);
    return texts;
  }
  const messages = createBatchWriter(async (rows: Message[]) =>
    storedTexts.remember(await saveMessages(db, rows)),
  );

  return {
    async store(
      owner: MessageOwner,
      result: ExplainResponse,
      spend?: (tx: Transaction<DB>) => Promise<void>,
    ): Promise<void> {
      const text = storedTexts.textOf(result.response, () => answerDetails(result));
      const row: Message = {
        ...owner,
        id: result.explanationId,
        provider: result.provider,
        answerId: text.id,
        text,
        createdAt: clock.now(),
      };
      if (!spend) return messages.write(row);
      const written = await db.transaction().execute(async (tx) => {
        await spend(tx);
        return saveMessages(tx, [row]);
      });
      storedTexts.remember(written);
    },
  };
}
