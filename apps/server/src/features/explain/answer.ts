import {
  type ConceptGraph,
  FOLLOW_UP_MAX_LENGTH,
  GLOSSARY_MAX_TERMS,
  GLOSSARY_MEANING_MAX_LENGTH,
  GLOSSARY_TERM_MAX_LENGTH,
  type Glossary,
  graphSchema,
  isRelatedTitle,
  type LanguageId,
  MAX_RELATED_CONCEPTS,
  MAX_SUGGESTED_QUESTIONS,
  parseTimeRange,
  type Source,
  sourceSchema,
  wordRange,
} from '@grasp/contract';
import { numberSources, type RetrievedSource, withoutCitations } from '../sources/index.ts';

/** Pure checks and extractions applied to every provider answer (DESIGN.md §7). */

const MAX_NODES = 30;
const MAX_EDGES = 60;
const MAX_LABEL = 80;
const MIN_TIMED_SECTIONS = 4;

// A fenced block: opening fence, info string, body, and the same fence closing it (or the end
// of the text, since a streamed or truncated answer may never close its last block).
const FENCE =
  /^([ \t]*)(`{3,}|~{3,})[ \t]*([^\n`]*)\n([\s\S]*?)(?:^[ \t]*\2[`~]*[ \t]*$|(?![\s\S]))/gm;
const HEADING = /^#{1,6}[ \t]+(.+?)[ \t#]*$/;
const RELATED_TITLE =
  /related concepts|want to go deeper|further study|to learn more|learn more|related topics|see also/i;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(.+)$/;

export function stripFences(markdown: string): string {
  return markdown.replace(FENCE, '');
}

/** Words a reader reads: fenced blocks and citation markers excluded, markdown punctuation ignored. */
export function countWords(markdown: string): number {
  return withoutCitations(stripFences(markdown))
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Removes the graph block (```graph, or a ```json block holding a graph) and validates it. */
export function extractGraph(markdown: string): { markdown: string; graph?: ConceptGraph } {
  let graph: ConceptGraph | undefined;
  const cleaned = markdown.replace(FENCE, (block, _indent, _fence, info: string, body: string) => {
    const lang = info.trim().toLowerCase();
    if (lang !== 'graph' && lang !== 'json') return block;
    const parsed = parseGraph(body);
    if (lang === 'json' && !parsed) return block;
    graph ??= parsed;
    return '';
  });
  const text = cleaned.replace(/\n{3,}/g, '\n\n').trim();
  return graph ? { markdown: text, graph } : { markdown: text };
}

/**
 * Removes the ```glossary block (a JSON array of {term, meaning}: the English terms an answer in
 * another language kept) and keeps its valid entries, each term once.
 */
export function extractGlossary(markdown: string): { markdown: string; glossary: Glossary } {
  let glossary: Glossary | undefined;
  const cleaned = markdown.replace(FENCE, (block, _indent, _fence, info: string, body: string) => {
    if (info.trim().toLowerCase() !== 'glossary') return block;
    glossary ??= parseGlossary(body);
    return '';
  });
  return { markdown: cleaned.replace(/\n{3,}/g, '\n\n').trim(), glossary: glossary ?? [] };
}

/** The items of a fenced block's JSON array; none when it is not one. */
function jsonItems(body: string): unknown[] {
  try {
    const raw: unknown = JSON.parse(body);
    return Array.isArray(raw) ? raw : [];
  } catch {
    return [];
  }
}

function parseGlossary(body: string): Glossary {
  const raw = jsonItems(body);
  const kept: Glossary = [];
  const seen = new Set<string>();
  for (const item of raw) {
    if (!isRecord(item)) continue;
    const term = oneLine(item.term);
    const meaning = oneLine(item.meaning ?? item.definition);
    if (!term || !meaning || term.length > GLOSSARY_TERM_MAX_LENGTH) continue;
    if (meaning.length > GLOSSARY_MEANING_MAX_LENGTH || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    kept.push({ term, meaning });
    if (kept.length === GLOSSARY_MAX_TERMS) break;
  }
  return kept;
}

function oneLine(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text.length > 0 ? text : undefined;
}

/** Removes the ```questions block (a JSON array of follow-up questions) and keeps its valid ones. */
export function extractSuggestedQuestions(markdown: string): {
  markdown: string;
  questions: string[];
} {
  let questions: string[] | undefined;
  const cleaned = markdown.replace(FENCE, (block, _indent, _fence, info: string, body: string) => {
    if (info.trim().toLowerCase() !== 'questions') return block;
    questions ??= parseQuestions(body);
    return '';
  });
  return { markdown: cleaned.replace(/\n{3,}/g, '\n\n').trim(), questions: questions ?? [] };
}

const ownSourceSchema = sourceSchema.omit({ n: true });

/**
 * Removes the ```sources block (a JSON array of sources the offline explainer is built from) and
 * numbers its valid entries [1]…[n]. Only a provider that cites its own sources is trusted with
 * it; from any other the block is dropped.
 */
export function extractOwnSources(markdown: string): { markdown: string; sources: Source[] } {
  let found: RetrievedSource[] | undefined;
  const cleaned = markdown.replace(FENCE, (block, _indent, _fence, info: string, body: string) => {
    if (info.trim().toLowerCase() !== 'sources') return block;
    found ??= jsonItems(body).flatMap((item) => {
      const parsed = ownSourceSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
    return '';
  });
  return {
    markdown: cleaned.replace(/\n{3,}/g, '\n\n').trim(),
    sources: numberSources(found ?? []),
  };
}

function parseQuestions(body: string): string[] {
  const raw = jsonItems(body);
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    const question = item.replace(/\s+/g, ' ').trim();
    const key = question.toLowerCase();
    if (!question || question.length > FOLLOW_UP_MAX_LENGTH || seen.has(key)) continue;
    seen.add(key);
    kept.push(question);
    if (kept.length === MAX_SUGGESTED_QUESTIONS) break;
  }
  return kept;
}

function parseGraph(body: string): ConceptGraph | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isRecord(raw) || !Array.isArray(raw.nodes)) return undefined;
  const nodes = normaliseNodes(raw.nodes);
  if (nodes.length === 0) return undefined;
  const edges = normaliseEdges(
    Array.isArray(raw.edges) ? raw.edges : [],
    new Set(nodes.map((n) => n.id)),
  );
  const result = graphSchema.safeParse({ nodes, edges });
  return result.success ? result.data : undefined;
}

function normaliseNodes(items: unknown[]): ConceptGraph['nodes'] {
  const nodes: ConceptGraph['nodes'] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (!isRecord(item)) continue;
    const id = text(item.id);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    nodes.push({ id, label: text(item.label) ?? text(item.name) ?? id });
    if (nodes.length === MAX_NODES) break;
  }
  return nodes;
}

function normaliseEdges(items: unknown[], ids: Set<string>): ConceptGraph['edges'] {
  const edges: ConceptGraph['edges'] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (!isRecord(item)) continue;
    const source = text(item.source ?? item.from);
    const target = text(item.target ?? item.to);
    // Edges must join two distinct known nodes, or the graph view would draw to nowhere.
    if (!source || !target || source === target || !ids.has(source) || !ids.has(target)) continue;
    const label = text(item.label);
    const key = `${source}\u0000${target}\u0000${label ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push(label ? { source, target, label } : { source, target });
    if (edges.length === MAX_EDGES) break;
  }
  return edges;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim().slice(0, MAX_LABEL);
  return trimmed.length > 0 ? trimmed : undefined;
}

/** Up to three follow-up concepts, from the related section or else the first list items. */
export function extractRelatedConcepts(markdown: string): string[] {
  const lines = stripFences(markdown).split('\n');
  let inRelated = false;
  const fromSection: string[] = [];
  const anywhere: string[] = [];
  for (const line of lines) {
    const heading = HEADING.exec(line);
    if (heading) {
      const title = heading[1] ?? '';
      inRelated = RELATED_TITLE.test(title) || isRelatedTitle(title);
      continue;
    }
    const item = LIST_ITEM.exec(line)?.[1];
    if (item === undefined) continue;
    (inRelated ? fromSection : anywhere).push(item);
  }
  return cleanItems(fromSection.length > 0 ? fromSection : anywhere);
}

function cleanItems(items: string[]): string[] {
  const result: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const term = cleanItem(item);
    if (!term || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    result.push(term);
    if (result.length === MAX_RELATED_CONCEPTS) break;
  }
  return result;
}

/** "**[Inertia](https://…)**: why things keep moving" → "Inertia". */
export function cleanItem(item: string): string {
  const plain = item
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/[*_`~]+/g, '')
    .trim();
  const head = plain.split(/\s+[—–-]\s+|:\s+/)[0] ?? plain;
  return head
    .replace(/^["'“‘]+|["'”’.,;:!?]+$/g, '')
    .trim()
    .slice(0, 100);
}

export interface TwoMinuteShape {
  /** Words of the answer's language (DESIGN.md §9: each language its own reading speed). */
  words: number;
  /** The range that reads in about two minutes in that language. */
  range: { min: number; max: number };
  timedSections: number;
  endsNear120: boolean;
  fits: boolean;
}

/**
 * How close an answer comes to the two-minute promise of DESIGN.md §7, its words counted against
 * its language's reading speed (READING_WPM in the contract).
 */
export function checkTwoMinuteShape(markdown: string, language: LanguageId = 'en'): TwoMinuteShape {
  const words = countWords(markdown);
  const range = wordRange(language);
  let timedSections = 0;
  let lastEnd: number | undefined;
  for (const line of stripFences(markdown).split('\n')) {
    const heading = HEADING.exec(line);
    const timed = heading ? parseTimeRange(heading[1] ?? '') : null;
    if (!timed) continue;
    timedSections += 1;
    lastEnd = timed[1];
  }
  const endsNear120 = lastEnd !== undefined && lastEnd >= 100 && lastEnd <= 140;
  const fits =
    words >= range.min && words <= range.max && timedSections >= MIN_TIMED_SECTIONS && endsNear120;
  return { words, range, timedSections, endsNear120, fits };
}

/** Unusable output counts as a provider failure: nothing, or a fragment with no structure. */
export function isUsableAnswer(markdown: string): boolean {
  const prose = stripFences(markdown).trim();
  if (prose.length === 0) return false;
  return prose.split('\n').some((line) => HEADING.test(line)) || countWords(prose) >= 40;
}
