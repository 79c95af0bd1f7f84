import { describe, expect, it } from 'vitest';
import { formatPrice, isFreePlan, PLANS, PRO_PAYMENT, planName } from './plans.ts';

describe('plans', () => {
  it('keeps the monthly units of SPEC.md §9', () => {
    expect(PLANS.free.monthlyUnits).toBe(99);
    expect(PLANS.pro.monthlyUnits).toBe(299);
    expect(PLANS.enterprise.monthlyUnits).toBeNull();
  });

  it('charges Pro 99 rupees as 9900 paise', () => {
    expect(PRO_PAYMENT.amountPaise).toBe((PLANS.pro.price ?? 0) * 100);
  });

  it('formats rupees in the en-IN locale', () => {
    expect(formatPrice(99)).toBe('₹99');
    expect(formatPrice(100000)).toBe('₹1,00,000');
  });

  it('prints what Intl.NumberFormat prints for en-IN rupees', () => {
    const intl = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    });
    for (const amount of [
      0, 7, 99, 99.4, 99.6, 999, 1000, 12345, 100000, 9876543, 123456789, -99,
    ]) {
      expect(formatPrice(amount)).toBe(intl.format(amount));
    }
  });

  it('compares plans case-insensitively', () => {
    expect(isFreePlan('FREE')).toBe(true);
    expect(isFreePlan(' Free ')).toBe(true);
    expect(isFreePlan('Pro')).toBe(false);
    expect(planName('PRO')).toBe('Pro');
    expect(planName('gold')).toBe('gold');
  });
});
