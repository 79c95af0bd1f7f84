import { describe, expect, it } from 'vitest';
import { financialYear, invoiceNumber, splitGst } from './invoice-tax.ts';

describe('GST on ₹99', () => {
  it('splits CGST and SGST within the seller’s state, adding up to 9900 paise', () => {
    const split = splitGst(9900, '29', '29');
    expect(split).toEqual({
      taxablePaise: 8390,
      cgstPaise: 755,
      sgstPaise: 755,
      igstPaise: 0,
      totalPaise: 9900,
    });
  });

  it('charges IGST to another state and to an unknown one', () => {
    for (const buyer of ['27', null]) {
      const split = splitGst(9900, '29', buyer);
      expect(split.igstPaise).toBe(1510);
      expect(split.cgstPaise + split.sgstPaise).toBe(0);
    }
  });

  it('never loses a paisa, whatever the price', () => {
    for (let total = 100; total < 20_000; total += 7) {
      const s = splitGst(total, '07', '07');
      expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(total);
      expect(Math.abs(s.cgstPaise - s.sgstPaise)).toBeLessThanOrEqual(1);
    }
  });
});

describe('financial year', () => {
  it('runs April to March in Indian time', () => {
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26');
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-01-15T00:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2099-12-01T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers invoices within the year', () => {
    expect(invoiceNumber('2026-27', 42)).toBe('GRASP/2026-27/000042');
  });
});
