/**
 * India's states and union territories with their GST state codes (the first two digits of a
 * GSTIN). `ut` marks union territories without a legislature, which levy UTGST instead of SGST.
 */
export const INDIAN_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh', ut: true },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', ut: true },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep', ut: true },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands', ut: true },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh', ut: true },
] as const satisfies readonly { code: string; name: string; ut?: boolean }[];

export type IndianStateCode = (typeof INDIAN_STATES)[number]['code'];
export const INDIAN_STATE_CODES = INDIAN_STATES.map((s) => s.code) as [
  IndianStateCode,
  ...IndianStateCode[],
];

/** A state by its GST code or its name (any case), as SELLER_STATE may give it. */
export function findIndianState(
  codeOrName: string,
): { code: IndianStateCode; name: string; ut: boolean } | undefined {
  const key = codeOrName.trim().toLowerCase();
  const found = INDIAN_STATES.find((s) => s.code === key || s.name.toLowerCase() === key);
  return found ? { code: found.code, name: found.name, ut: 'ut' in found } : undefined;
}
