/** GST on the Pro plan (SAC 998431, online information services): 18%, included in the price. */
export const GST_RATE_PERCENT = 18;

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * Splits a GST-inclusive price. Within the seller's state half goes to CGST and half to SGST
 * (the odd paisa to SGST), otherwise all to IGST; an unknown buyer state counts as another
 * state. Every part is whole paise and they add up to the price exactly.
 */
export function splitGst(
  totalPaise: number,
  sellerStateCode: string,
  buyerStateCode: string | null,
): TaxSplit {
  const taxablePaise = Math.round((totalPaise * 100) / (100 + GST_RATE_PERCENT));
  const tax = totalPaise - taxablePaise;
  if (buyerStateCode !== null && buyerStateCode === sellerStateCode) {
    const cgstPaise = Math.floor(tax / 2);
    return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0, totalPaise };
  }
  return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax, totalPaise };
}

const IST_OFFSET_MS = 330 * 60 * 1000;

/** India's financial year (April–March, in IST) of a moment, e.g. "2026-27". */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

export const invoiceNumber = (year: string, sequence: number) =>
  `GRASP/${year}/${String(sequence).padStart(6, '0')}`;

/** Credit notes (CGST s.34) have their own series per financial year. */
export const creditNoteNumber = (year: string, sequence: number) =>
  `GRASP/CN/${year}/${String(sequence).padStart(6, '0')}`;
