import { DEFAULT_TEMPLATE, isFreePlan, isPremiumTemplate, type TemplateId } from '@grasp/contract';

/** True when this plan may not use this template (SPEC.md §6: premium needs a non-Free plan). */
export function isLockedTemplate(template: string, plan: string | null | undefined): boolean {
  return isPremiumTemplate(template) && isFreePlan(plan);
}

/**
 * The template actually used: a premium one saved while on Pro falls back to the default after
 * a downgrade, instead of every search failing with PREMIUM_TEMPLATE.
 */
export function effectiveTemplate(
  template: TemplateId,
  plan: string | null | undefined,
): TemplateId {
  return isLockedTemplate(template, plan) ? DEFAULT_TEMPLATE : template;
}
