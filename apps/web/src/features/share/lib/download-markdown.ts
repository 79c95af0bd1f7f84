import { fetchMarkdownExport } from '../api/export-markdown.ts';
import { saveFile } from './save-file.ts';

/** Downloads one of the user's explanations as Markdown, named after its concept. */
export async function downloadMarkdown(explanationId: string): Promise<void> {
  const { blob, filename } = await fetchMarkdownExport(explanationId);
  saveFile(blob, filename);
}
