import { useState } from 'react';
import type { ApiError } from '../../../application/api/ApiError';
import { useProblemWords } from '../../format/problem';
import { useStaleSave } from '../../hooks/useStaleSave';

/**
 * What a refused save shows: the server's message at the top (in the user's language) and its field
 * messages by the fields, which stay as typed; a conflict (someone saved first) also offers to load
 * the latest version (`staleSave`, shown with presentation/components/StaleSaveOffer).
 *
 * Transitional: the words come from the one error helper (presentation/format/problem.ts); the sales
 * screens move to presentation/hooks/useSubmit (with `{ always: true, staleSave }`) and this file goes.
 */
export function useProblem() {
  const problems = useProblemWords();
  const [message, setMessage] = useState<string | null>(null);
  const staleSave = useStaleSave();
  return {
    message,
    staleSave,
    /** Shows the error; resolves to its field messages. */
    show(error: ApiError): Readonly<Record<string, readonly string[]>> {
      staleSave.note(error);
      const described = problems.describe(error, { always: true });
      setMessage(described.message);
      return described.fields;
    },
    clear() {
      setMessage(null);
      staleSave.note(null);
    },
  };
}
