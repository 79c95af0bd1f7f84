import { CONCEPT_NAME_MAX_LENGTH, DISTILL_MAX_CONCEPTS } from '@grasp/contract';
import type { Prerequisite } from './prerequisites.ts';

/**
 * Turning an AI answer into concept names. Models answer with a JSON array when asked, but
 * sometimes wrap it in a code fence or prose, or fall back to a numbered or bulleted list; all
 * of these are read, and whatever comes out is tidied the same way.
 */

const LIST_ITEM = /^\s*(?:\d{1,2}\s*[.):]|[-*•+–])\s+(.+)$/;
// "Movable type: the idea that…" or "Movable type – why it mattered": the name comes first.
const DESCRIPTION = /\s+[-–—]\s+.*$|:\s+.*$/;

function namesOf(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((item: unknown) => {
    if (typeof item === 'string') return [item];
    // Some models answer [{"name": "…", "why": "…"}] despite the instruction.
    if (typeof item === 'object' && item !== null) {
      const record = item as Record<string, unknown>;
      const name = record.name ?? record.concept ?? record.title;
      if (typeof name === 'string') return [name];
    }
    return [];
  });
}

/** The first JSON array in the text, if it parses to an array of names. */
function fromJson(text: string): string[] | null {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end <= start) return null;
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return null;
    const names = namesOf(parsed);
    return names && names.length > 0 ? names : null;
  } catch {
    return null;
  }
}

function fromList(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const items = lines.flatMap((line) => {
    const match = LIST_ITEM.exec(line);
    return match?.[1] ? [match[1].replace(DESCRIPTION, '')] : [];
  });
  if (items.length > 0) return items;
  // No list marks: one concept per short line, or a single comma-separated line.
  const plain = lines
    .map((l) => l.trim())
    .filter((l) => /[\p{L}\p{N}]/u.test(l) && !l.startsWith('#'));
  if (plain.length === 1) return (plain[0] ?? '').split(/\s*[,;]\s*/);
  return plain;
}

/** One prerequisite pair in any of the shapes models use: ["A", "B"] or {"from", "to"} alike. */
function pairOf(item: unknown): Prerequisite | null {
  if (Array.isArray(item)) {
    const [from, to] = item as unknown[];
    return typeof from === 'string' && typeof to === 'string' ? { from, to } : null;
  }
  if (typeof item !== 'object' || item === null) return null;
  const r = item as Record<string, unknown>;
  const from = r.from ?? r.before ?? r.prerequisite ?? r.source;
  const to = r.to ?? r.after ?? r.concept ?? r.target;
  return typeof from === 'string' && typeof to === 'string' ? { from, to } : null;
}

function pairsOf(value: unknown): Prerequisite[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => pairOf(item) ?? []);
}

/** {"concepts": [...], "prerequisites": [...]}, the first JSON object in the text. */
function fromObject(text: string): { concepts: string[]; prerequisites: Prerequisite[] } | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    const concepts = namesOf(record.concepts);
    if (!concepts || concepts.length === 0) return null;
    return { concepts, prerequisites: pairsOf(record.prerequisites ?? record.edges) };
  } catch {
    // Cut short or mangled: the concepts array alone may still read.
    const array = /"concepts"\s*:\s*(\[[^\]]*\])/.exec(text)?.[1];
    const concepts = array ? fromJson(array) : null;
    return concepts ? { concepts, prerequisites: [] } : null;
  }
}

/**
 * Reads a distiller's answer: the JSON object with concepts and prerequisite pairs the prompt
 * asks for, or (older prompts, other habits) a plain array or list of names with no pairs.
 * The names come out cleaned; the pairs are checked against them by the caller.
 */
export function parseDistillAnswer(text: string): {
  concepts: string[];
  prerequisites: Prerequisite[];
} {
  const arrayAt = text.indexOf('[');
  const objectAt = text.indexOf('{');
  const object = objectAt >= 0 && (arrayAt < 0 || objectAt < arrayAt) ? fromObject(text) : null;
  if (object)
    return { concepts: cleanConcepts(object.concepts), prerequisites: object.prerequisites };
  return { concepts: parseConceptList(text), prerequisites: [] };
}

/** Reads concept names out of an AI answer: a JSON array, or a numbered/bulleted list. */
export function parseConceptList(text: string): string[] {
  return cleanConcepts(fromJson(text) ?? fromList(text));
}

/** One concept name: no markdown emphasis, quotes, numbering or trailing punctuation. */
export function tidyConcept(raw: string): string {
  return raw
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\*\*|__|`|~~/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\d{1,2}\s*[.)]\s+/, '')
    .replace(/^["'“‘*_]+|["'”’*_]+$/g, '')
    .replace(/[.,;:!]+$/, '')
    .trim();
}

/**
 * Trims, drops empty and over-long names (a sentence is not a concept), removes duplicates
 * case-insensitively (first one wins) and keeps at most DISTILL_MAX_CONCEPTS, in order.
 */
export function cleanConcepts(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = tidyConcept(raw);
    const key = name.toLowerCase();
    if (!name || name.length > CONCEPT_NAME_MAX_LENGTH || seen.has(key)) continue;
    seen.add(key);
    result.push(name);
    if (result.length === DISTILL_MAX_CONCEPTS) break;
  }
  return result;
}
