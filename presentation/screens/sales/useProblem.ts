import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../application/api/ApiError';
import { useStaleSave } from '../../hooks/useStaleSave';

/**
 * What a refused save shows: the server's message at the top (in the user's language) and its field
 * messages by the fields, which stay as typed; a conflict (someone saved first) also offers to load
 * the latest version (`staleSave`, shown with presentation/components/StaleSaveOffer).
 */
export function useProblem() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const staleSave = useStaleSave();
  return {
    message,
    staleSave,
    /** Shows the error; resolves to its field messages. */
    show(error: ApiError): Record<string, readonly string[]> {
      staleSave.note(error);
      setMessage('message' in error && error.message ? error.message : t(`errors:code.${error.code}`));
      return error.code === 'validation' ? { ...error.fields } : {};
    },
    clear() {
      setMessage(null);
      staleSave.note(null);
    },
  };
}
