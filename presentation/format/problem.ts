import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../../application/forms/Invalid';
import { formatHKD } from './money';

/**
 * Anything that can go wrong and be told to a person: an `ApiError` (application/api/ApiError), a
 * use-case's `Invalid` (application/forms/Invalid) or a domain failure such as
 * `{ code: 'receiptExceedsOrderTotal', maxCents }`. All have a stable `code`; the server's own
 * `message` and field messages are already in the user's language.
 */
export interface Problem {
  readonly code: string;
  readonly message?: string;
  readonly fields?: Readonly<Record<string, readonly FieldMessage[]>>;
  /** The domain code behind a refused request (a 422's `reason`), with its figures. */
  readonly reason?: string;
  readonly details?: Readonly<Record<string, string | number>>;
}

/** How a failure reads on a form. */
export interface FormProblem {
  /** Messages per field, to show under each field. */
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /** A message for the whole form, or null when the field messages say it all. */
  readonly message: string | null;
}

export interface DescribeOptions {
  /**
   * The fields the form shows. Messages for other fields are dropped and, when none is left, the
   * whole-form message says what went wrong. Default: every field the problem names.
   */
  readonly fields?: readonly string[];
  /**
   * Say the whole-form message of a refusal even when field messages are shown (default false);
   * never for a use-case's own `Invalid` (code `invalid`), whose field messages say it all.
   */
  readonly always?: boolean;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What turns keys into words: i18next's `t` and the interface language (for amounts). */
export interface Words {
  readonly t: Translate;
  readonly language: string;
}

const STRUCTURE = new Set(['code', 'message', 'fields', 'reason', 'details', 'issues']);

/**
 * The values a message is written with: the problem's figures, each amount in cents (`maxCents`)
 * also as money words under its name without `Cents` (`max`: HK$1,200.00).
 */
function valuesOf(figures: Readonly<Record<string, unknown>>, language: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(figures)) {
    if (STRUCTURE.has(key) || (typeof value !== 'string' && typeof value !== 'number')) continue;
    values[key] = value;
    if (typeof value === 'number' && key.endsWith('Cents') && key.length > 5) values[key.slice(0, -5)] = formatHKD(value, language);
  }
  return values;
}

function fieldWords(message: FieldMessage, words: Words): string {
  return typeof message === 'string' ? message : words.t(message.key, valuesOf(message.values ?? {}, words.language));
}

/**
 * The one way a failure is told (DESIGN.md §3): field messages by their fields, and a whole-form
 * message that is the server's own words when it sent some, otherwise the words for the problem's
 * code (`errors:code.<code>`, or `errors:code.<reason>` for a domain refusal) in the user's language,
 * written with the problem's figures.
 */
export function describeProblem(problem: Problem, words: Words, options: DescribeOptions = {}): FormProblem {
  const fields: Record<string, readonly string[]> = {};
  for (const [field, messages] of Object.entries(problem.fields ?? {})) {
    if (options.fields && !options.fields.includes(field)) continue;
    if (messages.length > 0) fields[field] = messages.map((m) => fieldWords(m, words));
  }
  if (Object.keys(fields).length > 0 && !(options.always && problem.code !== 'invalid')) return { fields, message: null };
  return { fields, message: problemWords(problem, words) };
}

/** The words for a problem as a whole (no field messages). */
export function problemWords(problem: Problem, words: Words): string {
  if (problem.message) return problem.message;
  const values = valuesOf({ ...problem, ...problem.details }, words.language);
  const general = words.t(`errors:code.${problem.code}`, values);
  return problem.reason ? words.t(`errors:code.${problem.reason}`, { ...values, defaultValue: general }) : general;
}

export interface ProblemWords {
  /** `describeProblem` in the current language. */
  readonly describe: (problem: Problem, options?: DescribeOptions) => FormProblem;
  /** `problemWords` in the current language: one sentence for the whole problem. */
  readonly say: (problem: Problem) => string;
}

/** The error helper with the words of the current language. */
export function useProblemWords(): ProblemWords {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const words: Words = { t: (key, options) => (options ? t(key, options) : t(key)), language };
    return { describe: (problem, options) => describeProblem(problem, words, options), say: (problem) => problemWords(problem, words) };
  }, [t, language]);
}
