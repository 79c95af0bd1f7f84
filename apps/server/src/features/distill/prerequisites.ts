import { tidyConcept } from './concept-list.ts';

/** Concept `from` is best learned before `to`. */
export interface Prerequisite {
  from: string;
  to: string;
}

const keyOf = (name: string) => tidyConcept(name).toLowerCase();

/**
 * The pairs worth keeping for a concept list: both ends among the concepts (matched as the
 * names are tidied, case aside, and given the list's spelling), no pair of a concept with
 * itself, no repeats, and no cycles: a pair that would close one is dropped, earlier pairs win.
 */
export function cleanPrerequisites(
  concepts: readonly string[],
  pairs: readonly Prerequisite[],
): Prerequisite[] {
  const byKey = new Map(concepts.map((c) => [keyOf(c), c]));
  const next = new Map<string, Set<string>>();
  const reaches = (start: string, goal: string): boolean => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const at = stack.pop() as string;
      if (at === goal) return true;
      if (seen.has(at)) continue;
      seen.add(at);
      stack.push(...(next.get(at) ?? []));
    }
    return false;
  };
  const kept: Prerequisite[] = [];
  for (const pair of pairs) {
    const from = byKey.get(keyOf(pair.from));
    const to = byKey.get(keyOf(pair.to));
    if (!from || !to || from === to || next.get(from)?.has(to) || reaches(to, from)) continue;
    next.set(from, (next.get(from) ?? new Set()).add(to));
    kept.push({ from, to });
  }
  return kept;
}

/**
 * The concepts with every prerequisite before what needs it, otherwise in the order given
 * (a stable topological order); the pairs must be acyclic, as cleanPrerequisites leaves them.
 */
export function foundationalFirst(
  concepts: readonly string[],
  prerequisites: readonly Prerequisite[],
): string[] {
  const waiting = new Map(concepts.map((c) => [c, 0]));
  for (const { to } of prerequisites) waiting.set(to, (waiting.get(to) ?? 0) + 1);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < concepts.length) {
    // The first concept of the list whose prerequisites are all placed; a leftover cycle (none
    // after cleanPrerequisites) would place the first concept not yet placed.
    const ready =
      concepts.find((c) => !placed.has(c) && (waiting.get(c) ?? 0) === 0) ??
      concepts.find((c) => !placed.has(c));
    if (ready === undefined) break;
    placed.add(ready);
    ordered.push(ready);
    for (const p of prerequisites) {
      if (p.from === ready) waiting.set(p.to, (waiting.get(p.to) ?? 1) - 1);
    }
  }
  return ordered;
}
