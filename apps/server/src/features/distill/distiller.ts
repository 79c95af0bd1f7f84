import type { ProviderId } from '@grasp/contract';
import { createOfflineProvider } from '../explain/providers/offline/offline-provider.ts';
import type { WordNet } from '../explain/providers/offline/wordnet.ts';
import type { ExplanationProvider } from '../explain/providers/provider.ts';
import { createConfiguredProviders, type VendorsOptions } from '../explain/providers/registry.ts';
import { parseDistillAnswer } from './concept-list.ts';
import { buildDistillPrompt, materialSources } from './distill-prompts.ts';
import type { MaterialText } from './offline/material-terms.ts';
import { createOfflineDistiller } from './offline/offline-distiller.ts';
import type { Prerequisite } from './prerequisites.ts';

/** Breaks a subject into concept names; one per provider id, beside the explainers. */
export interface Distiller {
  /** False when the provider behind it is not configured. */
  readonly available: boolean;
  /**
   * Concept names from foundational to advanced, and which should be learned before which
   * (both still to be cleaned by the caller).
   */
  distill(subject: string, signal: AbortSignal): Promise<Distilled>;
  /** The concepts a learner's own material teaches (DESIGN.md §10). */
  distillMaterial(material: MaterialText, signal: AbortSignal): Promise<Distilled>;
}

export interface Distilled {
  concepts: string[];
  prerequisites: Prerequisite[];
}

export interface DistillerLookup {
  get(id: ProviderId): Distiller | undefined;
  /** Used when the caller names no provider: the same default as explanations. */
  readonly defaultId: ProviderId;
}

/**
 * An AI vendor as a distiller. The provider must have been built with the distiller's prompt
 * (distill-prompts.ts), so its `generate` answers with a list of concepts; the subject travels
 * as the query, a material's passages as its sources.
 */
export function createRemoteDistiller(provider: ExplanationProvider): Distiller {
  return {
    available: provider.available,
    async distill(subject, signal) {
      const text = await provider.generate({
        query: subject,
        template: 'default',
        difficulty: 'beginner',
        signal,
      });
      return parseDistillAnswer(text);
    },
    async distillMaterial(material, signal) {
      const text = await provider.generate({
        query: material.title,
        // Its passages, so the vendor names what the material teaches, not what its title suggests.
        sources: materialSources(material),
        template: 'default',
        difficulty: 'beginner',
        signal,
      });
      return parseDistillAnswer(text);
    },
  };
}

export interface DistillersOptions {
  /** The remote vendors' options, as the explainers get them. */
  vendors: VendorsOptions;
  /** Replaces the configured vendors (AppDeps.providers: tests pass fakes). */
  providers?: readonly ExplanationProvider[] | undefined;
  /** The explainers' default, so both features ask the same provider by default. */
  defaultId: ProviderId;
  /** Shared with the offline explainer: one cache and one set of open files. */
  wordnet: WordNet;
}

/**
 * The offline distiller for `offline`, and a remote one per vendor: the configured vendors are
 * built a second time with the distiller's prompt; fakes are used as they are.
 */
export function createDistillers(options: DistillersOptions): DistillerLookup {
  const { wordnet } = options;
  const vendors =
    options.providers ??
    createConfiguredProviders(
      options.vendors,
      { explain: buildDistillPrompt },
      createOfflineProvider({ wordnet }),
    );
  const byId = new Map<ProviderId, Distiller>([['offline', createOfflineDistiller(wordnet)]]);
  for (const vendor of vendors) {
    if (vendor.id !== 'offline') byId.set(vendor.id, createRemoteDistiller(vendor));
  }
  return { get: (id) => byId.get(id), defaultId: options.defaultId };
}
