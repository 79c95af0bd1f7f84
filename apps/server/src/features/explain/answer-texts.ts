import { sha256 } from '../../lib/ids.ts';

export interface AnswerText {
  id: string;
  text: string;
  /** What was parsed out of the same answer (graph, suggested questions), as JSON. */
  details: string | null;
}

/** An answer's text with the id it is stored under: its SHA-256, so equal texts share a row. */
const answerText = (text: string, details: string | null): AnswerText => ({
  id: sha256(text),
  text,
  details,
});

/**
 * Which answer texts this process knows to be stored. Texts are never deleted, so a text stored
 * once needs no second write; a busy answer costs one insert per process, not one per message.
 */
export function createStoredTexts(max = 10_000, namedMax = 500) {
  const stored = new Set<string>();
  const named = new Map<string, AnswerText>();
  return {
    /**
     * answerText, remembered: a cached answer hands out the same string to every request, whose
     * details are then encoded once, not per request.
     */
    textOf(response: string, details: () => string | null): AnswerText {
      let text = named.get(response);
      if (!text) {
        text = answerText(response, details());
        // Holds whole texts, so fewer of them: as many as the recent answers kept.
        if (named.size >= namedMax) named.clear();
        named.set(response, text);
      }
      return text;
    },
    /** The texts among these not known to be stored, each once. */
    unstored(texts: AnswerText[]): AnswerText[] {
      const fresh = new Map<string, AnswerText>();
      for (const t of texts) if (!stored.has(t.id)) fresh.set(t.id, t);
      return [...fresh.values()];
    },
    /** Call once the texts are committed. */
    remember(texts: AnswerText[]): void {
      if (stored.size + texts.length > max) stored.clear();
      for (const t of texts) stored.add(t.id);
    },
  };
}
