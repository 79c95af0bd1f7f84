/** AI providers of SPEC.md §3 plus the embedded offline explainer of DESIGN.md §3. */
export const PROVIDER_IDS = [
  'offline',
  'remote-google',
  'remote-openai',
  'remote-claude',
  'local-ollama',
] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  offline: 'Offline (WordNet dictionary)',
  'remote-google': 'Google Gemini',
  'remote-openai': 'OpenAI GPT',
  'remote-claude': 'Anthropic Claude',
  'local-ollama': 'Local model (Ollama)',
};

/** Label for a provider id; unknown ids read "AI Provider" (SPEC.md §3). */
export function providerLabel(id: string): string {
  return (PROVIDER_LABELS as Record<string, string>)[id] ?? 'AI Provider';
}

/**
 * The provider badge of a finished explanation. Offline with the learner's material, the text
 * is the material's own sentences (DESIGN.md §10), not the dictionary's, and the badge says so.
 */
export function explanationProviderLabel(id: string, fromMaterial: boolean): string {
  return id === 'offline' && fromMaterial ? 'Offline (from your material)' : providerLabel(id);
}

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};
