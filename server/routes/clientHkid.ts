import { maskHkid, parseHkid } from '../../domain/hk/hkid';
import type { Language } from '../../domain/i18n/language';
import { translate } from '../i18n';

/** The message for an HKID that is not valid, or null when it is. */
export function validateHkidInput(language: Language, input: string): string | null {
  const result = parseHkid(input);
  return result.isOk() ? null : translate(language, result.error.code === 'hkidFormat' ? 'clients.hkidFormat' : 'clients.hkidCheckDigit');
}

/** A valid HKID as stored (sealed) and as shown (masked). Call after validateHkidInput. */
export function normaliseHkid(input: string): { value: string; masked: string } | null {
  const result = parseHkid(input);
  return result.isOk() ? { value: result.value.value, masked: maskHkid(result.value) } : null;
}
