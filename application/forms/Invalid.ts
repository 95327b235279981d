/**
 * A message about one field, as a use-case finds it: an i18next key with its values (presentation
 * turns it into words), or words already in the user's language (the server's own message).
 */
export type FieldMessage = string | { readonly key: string; readonly values?: Readonly<Record<string, string | number>> };

/** Messages per field: what a form shows under each field. */
export type FieldMessages = Readonly<Record<string, readonly FieldMessage[]>>;

/**
 * A use-case refused the input before sending it (the domain's rules found these fields wrong).
 * Screens show it like the server's 422: a message under each field.
 */
export interface Invalid {
  readonly code: 'invalid';
  readonly fields: FieldMessages;
}

/** An `Invalid` from messages per field; fields without messages are left out. */
export function invalid(fields: Readonly<Record<string, readonly FieldMessage[] | undefined>>): Invalid {
  const found: Record<string, readonly FieldMessage[]> = {};
  for (const [field, messages] of Object.entries(fields)) if (messages && messages.length > 0) found[field] = messages;
  return { code: 'invalid', fields: found };
}

/** Whether `invalid(...)` found nothing wrong. */
export function isValid(problem: Invalid): boolean {
  return Object.keys(problem.fields).length === 0;
}
