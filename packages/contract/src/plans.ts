/** Plans of SPEC.md §9. `monthlyUnits: null` means unlimited. */
export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Price in rupees per period; null when the price is by contact. */
  price: number | null;
  period: string;
  description: string;
  features: string[];
  limitations: string[];
  monthlyUnits: number | null;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    price: 0,
    period: 'month',
    description: 'Get started with quick two-minute explanations.',
    features: ['99 concepts per month', 'Basic styles', 'Concept history', 'Dark mode'],
    limitations: ['Limited AI responses', 'Basic templates only'],
    monthlyUnits: 99,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: 99,
    period: 'month',
    description: 'Every style and three times the concepts.',
    features: [
      '299 concepts per month',
      'All styles',
      'Priority AI processing',
      'Advanced templates',
      'Concept bundles',
      'Premium support',
    ],
    limitations: [],
    monthlyUnits: 299,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    price: null,
    period: 'month',
    description: 'For teams and institutions. Contact sales for a price.',
    features: ['Unlimited concepts', 'All styles', 'Priority AI processing', 'Dedicated support'],
    limitations: [],
    monthlyUnits: null,
  },
};

/** The Pro payment: 99 rupees in paise, product id of SPEC.md §7. */
export const PRO_PAYMENT = { amountPaise: 9900, productId: 'pro_plan' } as const;

export const CURRENCY = {
  code: 'INR',
  symbol: '₹',
  name: 'Indian Rupee',
  locale: 'en-IN',
} as const;

/**
 * Whole rupees with the en-IN grouping (₹1,00,000), what Intl.NumberFormat would print. Written
 * out because building that formatter costs a phone some 70 ms of ICU set-up while the landing
 * and pricing pages start.
 */
export function formatPrice(amountRupees: number): string {
  const digits = String(Math.round(Math.abs(amountRupees)));
  const lastThree = digits.slice(-3);
  const lakhs = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const sign = amountRupees <= -0.5 ? '-' : '';
  return `${sign}${CURRENCY.symbol}${lakhs ? `${lakhs},` : ''}${lastThree}`;
}

/** Plan names compare case-insensitively (SPEC.md §6). */
export function isFreePlan(plan: string | null | undefined): boolean {
  return (plan ?? 'free').trim().toLowerCase() === 'free';
}

export function planName(plan: string): string {
  const known = PLANS[plan.toLowerCase() as PlanId];
  return known ? known.name : plan;
}
