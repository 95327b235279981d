import { useEffect, useRef, useState } from 'react';
import { DraftService } from '../../application/session/DraftService';
import { sameShape } from '../forms/sameShape';
import { useService } from '../services/ServicesContext';

export type DraftOffer<T> = { readonly offered: false } | { readonly offered: true; accept: () => T; dismiss: () => void };

/**
 * Keeps what the user is typing (`current`, or null when nothing is unsaved) in case the session
 * expires, and offers back what was kept last time for `key`, once, after signing in again.
 */
export function useDraft<T>(key: string, current: T | null, isValid: (value: unknown) => value is T): DraftOffer<T> {
  const drafts = useService(DraftService);
  const latest = useRef<T | null>(current);
  latest.current = current;
  const [kept, setKept] = useState<T | null>(() => {
    const value = drafts.take(key);
    return isValid(value) ? value : null;
  });

  useEffect(() => drafts.register(key, () => latest.current), [drafts, key]);

  if (kept === null) return { offered: false };
  return {
    offered: true,
    accept: () => {
      setKept(null);
      return kept;
    },
    dismiss: () => setKept(null),
  };
}

/**
 * useDraft for a form whose state is plain data: `form` is kept while `dirty`, and what was kept is
 * offered back only if it still has the shape of `template` (the form as loaded).
 */
export function useFormDraft<T>(key: string, form: T, dirty: boolean, template: T): DraftOffer<T> {
  return useDraft<T>(key, dirty ? form : null, (value): value is T => sameShape(template, value));
}
