import type { Db } from '../sales/caller';
import { latestResponse } from './repository';

const dataUrl = (bytes: Uint8Array | null): string | null => {
  if (!bytes || bytes.length === 0) return null;
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(binary)}`;
};

/** A quotation's latest answer through a customer link, as staff see it (with the address it came from); null when none. */
export async function quotationResponse(db: Db, quotationId: number) {
  const r = await latestResponse(db, quotationId);
  return r ? { outcome: r.outcome, name: r.name, signature: dataUrl(r.signature), reason: r.reason, at: new Date(r.responded_at).toISOString(), ip: r.ip } : null;
}
