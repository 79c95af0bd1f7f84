import {
  DIFFICULTY_LABELS,
  type ExplanationRecord,
  LANGUAGE_ENGLISH_NAMES,
  MAX_RELATED_CONCEPTS,
  PRODUCT_NAME,
  parseExplanation,
  SOURCE_ORIGIN_LABELS,
  type Source,
  templateLabel,
} from '@grasp/contract';
import { asFootnoteReferences, firstSentence, keepCitations } from '../sources/index.ts';

/** A record as export sees it: the glossary is there only when the explanation has one. */
export type ExportableRecord = Pick<
  ExplanationRecord,
  | 'query'
  | 'template'
  | 'difficulty'
  | 'response'
  | 'relatedConcepts'
  | 'createdAt'
  | 'followUps'
  | 'glossary'
> &
  Partial<Pick<ExplanationRecord, 'sources'>>;

const SLUG_MAX_LENGTH = 60;

function slugOf(text: string, keep: RegExp): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, (marks, offset: number, whole: string) =>
      // Latin accents go (é → e); the vowel signs of other scripts are part of their letters.
      /\p{Script=Latin}/u.test(whole[offset - 1] ?? '') ? '' : marks,
    )
    .normalize('NFC')
    .toLowerCase()
    .replace(keep, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return [...slug].slice(0, SLUG_MAX_LENGTH).join('').replace(/-$/, '');
}

/** `Photosynthesis & Light!` → `photosynthesis-light`; nothing ASCII left → `explanation`. */
export function asciiSlug(text: string): string {
  return slugOf(text, /[^a-z0-9]+/g) || 'explanation';
}

/** As asciiSlug, but letters and digits of every script stay (`गुरुत्वाकर्षण`). */
export function unicodeSlug(text: string): string {
  return slugOf(text, /[^\p{L}\p{M}\p{N}]+/gu) || 'explanation';
}

/** RFC 5987 value characters: what encodeURIComponent leaves, less a few it lets through. */
const encodeValue = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The Content-Disposition of a download named after the concept: a plain ASCII filename for
 * every client, and the name in its own script as `filename*` (RFC 6266) when it differs.
 */
export function attachmentDisposition(title: string, extension: string): string {
  const ascii = `${asciiSlug(title)}.${extension}`;
  const unicode = `${unicodeSlug(title)}.${extension}`;
  const plain = `attachment; filename="${ascii}"`;
  return unicode === ascii ? plain : `${plain}; filename*=UTF-8''${encodeValue(unicode)}`;
}

/** A line of text that must stay one line of Markdown. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * An explanation as a Markdown document: the concept as its title, when and how it was
 * explained, each timed section, related concepts, follow-ups, and the glossary when it has one.
 */
export function explanationToMarkdown(record: ExportableRecord): string {
  const sources = record.sources ?? [];
  // Each [n] becomes a footnote reference to its source; one pointing nowhere goes.
  const cited = (text: string) => asFootnoteReferences(keepCitations(text, sources));
  const parsed = parseExplanation(record.response);
  const related = (
    record.relatedConcepts.length > 0 ? record.relatedConcepts : parsed.relatedConcepts
  ).slice(0, MAX_RELATED_CONCEPTS);
  const date = record.createdAt.slice(0, 10);
  const out: string[] = [
    `# ${oneLine(record.query)}`,
    '',
    `*Explained by ${PRODUCT_NAME} on ${date} · ${templateLabel(record.template)} style · ${DIFFICULTY_LABELS[record.difficulty]} level*`,
  ];
  for (const section of parsed.sections) {
    const [start, end] = section.timeRange;
    out.push(
      '',
      `## ${oneLine(section.title)} (${start}-${end} seconds)`,
      '',
      cited(section.content),
    );
  }
  if (related.length > 0) {
    out.push('', '## Related Concepts', '', ...related.map((name) => `- ${oneLine(name)}`));
  }
  if (record.followUps.length > 0) {
    out.push('', '## Follow-up Questions');
    for (const followUp of record.followUps) {
      out.push('', `### ${oneLine(followUp.question)}`, '', cited(followUp.answer.trim()));
    }
  }
  const glossary = record.glossary ?? [];
  if (glossary.length > 0) {
    out.push(
      '',
      '## Glossary',
      '',
      ...glossary.map((entry) => `- **${oneLine(entry.term)}**: ${oneLine(entry.meaning)}`),
    );
  }
  if (sources.length > 0) out.push('', '## Sources', '', ...sources.map(footnote));
  return `${out.join('\n')}\n`;
}

/** `[^1]: [Photosynthesis](https://…), Wikipedia (English): "Photosynthesis is…"` */
function footnote(source: Source): string {
  const title = oneLine(source.title).replace(/[[\]]/g, '');
  const named = source.url ? `[${title}](<${source.url}>)` : title;
  const page = source.page ? `, page ${source.page}` : '';
  const where = `${SOURCE_ORIGIN_LABELS[source.origin]} (${LANGUAGE_ENGLISH_NAMES[source.language]})`;
  return `[^${source.n}]: ${named}${page}, ${where}: “${oneLine(firstSentence(source.excerpt))}”`;
}
