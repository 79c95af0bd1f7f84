/**
 * An explanation someone other than the learner pays for: a class's assigned concept
 * (DESIGN.md §13). The explain service asks before taking a unit, and lets go if the answer fails.
 */
export interface SponsoredExplanation {
  /** The answer failed: the claim is given back, so the next try is free again. */
  release(): Promise<void>;
}

export interface ExplanationSponsor {
  /** A claim on this explanation, or null when nobody sponsors it (the learner pays a unit). */
  claim(request: {
    userId: string;
    queryKey: string;
    template: string;
    difficulty: string;
    language: string;
  }): Promise<SponsoredExplanation | null>;
}
