import type { ApiError } from '../../application/api/ApiError';

export interface FormProblem {
  /** Messages per field, to show under each field. */
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /** A message for the whole form, or null when the field messages say it all. */
  readonly message: string | null;
}

/**
 * How a failed save reads on a form: the server's message per field for a validation error (or the
 * message itself when no field it names is on the form), otherwise the server's message or the
 * words for the error's code, in the user's language.
 */
export function describeApiError(error: ApiError, t: (key: string) => string, formFields: readonly string[]): FormProblem {
  if (error.code === 'validation') {
    const fields = Object.fromEntries(Object.entries(error.fields).filter(([field]) => formFields.includes(field)));
    return { fields, message: Object.keys(fields).length > 0 ? null : error.message || t('errors:code.validation') };
  }
  return { fields: {}, message: 'message' in error && error.message ? error.message : t(`errors:code.${error.code}`) };
}
