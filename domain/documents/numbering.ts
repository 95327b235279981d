/**
 * Document numbers (quotations, invoices, receipts, refunds): the prefix set under Settings → Codes
 * (or the company's own prefix for that kind of document), the year, and a sequence that restarts each year, e.g. INV-2026-00042. The sequence per prefix and
 * year is kept by the server, which hands each number out once.
 */
export function documentNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(5, '0')}`;
}

/** The parts of a number made by documentNumber, or null. */
export function parseDocumentNumber(text: string): { prefix: string; year: number; sequence: number } | null {
  const match = /^([A-Z0-9]{1,6})-(\d{4})-(\d{5,})$/.exec(text);
  return match ? { prefix: match[1] ?? '', year: Number(match[2]), sequence: Number(match[3]) } : null;
}
