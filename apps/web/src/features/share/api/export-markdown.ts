import { apiFile } from '../../../lib/api-client.ts';

export const exportPath = (explanationId: string) =>
  `/api/ai/explanations/${encodeURIComponent(explanationId)}/export?format=md`;

/** The file name a Content-Disposition gives: `filename*` (UTF-8) first, then `filename`. */
export function dispositionFilename(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: the plain name below still names the file.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** One of the user's explanations as a Markdown file, with the name the server gave it. */
export async function fetchMarkdownExport(
  explanationId: string,
): Promise<{ blob: Blob; filename: string }> {
  const { blob, headers } = await apiFile(exportPath(explanationId));
  return {
    blob,
    filename: dispositionFilename(headers.get('content-disposition'), 'explanation.md'),
  };
}
