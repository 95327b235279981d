import { dateTimeText } from '../../domain/time/format';

/** A date and time as people in Hong Kong read it, in the interface language (the business's time zone): one way per language, domain/time/format.ts. */
export function formatDateTime(iso: string, language: string): string {
  return dateTimeText(iso, language);
}
