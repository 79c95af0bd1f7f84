import { type HistoryEntry, historyEntrySchema } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const historyPath = (conceptName: string) =>
  `/api/concepts/history/${encodeURIComponent(conceptName)}`;

/** The caller's earlier explanations of a concept, newest first; throws when unreadable. */
export async function fetchConceptHistory(
  conceptName: string,
  signal?: AbortSignal,
): Promise<HistoryEntry[]> {
  const body = await apiRequest<unknown>(historyPath(conceptName), { signal });
  if (!Array.isArray(body)) throw new Error('Unexpected history answer');
  return body.flatMap((item: unknown) => {
    const parsed = historyEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
