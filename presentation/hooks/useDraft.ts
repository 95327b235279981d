import { useEffect, useRef, useState } from 'react';
import { DraftService, type DraftReason } from '../../application/session/DraftService';
import { sameShape } from '../forms/sameShape';
import { useService } from '../services/ServicesContext';

/** Why a save did not go through, when the form holds what was put back. */
export type SaveFailure = Exclude<DraftReason, 'sessionExpired'>;

export interface DraftOffer<T> {
  /** Kept when the session expired: offered back (accept or dismiss), once, after signing in again. */
  readonly offered: boolean;
  readonly accept: () => T;
  readonly dismiss: () => void;
  /** Kept when a save did not go through: to be put back into the form at once (DraftBanner does it). */
  readonly putBack: T | null;
  readonly takePutBack: () => T;
  /** Why the last save did not go through, said while the form still holds unsaved input. */
  readonly failure: SaveFailure | null;
}

/**
 * Keeps what the user is typing (`current`, or null when nothing is unsaved) in case a call fails:
 * the session expires, a save gets a 500 or no reply, or waits for the connection (DraftService
 * keeps it for `key`: the screen and record, e.g. `client:new`, `order:3:4`). When the form opens
 * again what was kept comes back, once: after a failed save it is put back at once with the failure
 * said; after an expired session it is offered (restore or discard).
 */
export function useDraft<T>(key: string, current: T | null, isValid: (value: unknown) => value is T): DraftOffer<T> {
  const drafts = useService(DraftService);
  const latest = useRef<T | null>(current);
  latest.current = current;
  // Read while rendering (React may render more than once before the screen shows), dropped from
  // storage once the form is on the screen: from then on the form holds it.
  const [kept, setKept] = useState<{ value: T; reason: DraftReason } | null>(() => {
    const found = drafts.peek(key);
    return found && isValid(found.value) ? { value: found.value, reason: found.reason } : null;
  });
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  useEffect(() => drafts.forget([key]), [drafts, key]);
  useEffect(() => drafts.register(key, () => latest.current), [drafts, key]);

  const offered = kept !== null && kept.reason === 'sessionExpired';
  const putBack = kept !== null && kept.reason !== 'sessionExpired' ? kept : null;
  return {
    offered,
    accept: () => {
      setKept(null);
      return (kept as { value: T }).value;
    },
    dismiss: () => setKept(null),
    putBack: putBack?.value ?? null,
    takePutBack: () => {
      setKept(null);
      if (putBack) setFailure(putBack.reason as SaveFailure);
      return (kept as { value: T }).value;
    },
    failure: current === null ? null : failure,
  };
}

/**
 * useDraft for a form whose state is plain data: `form` is kept while `dirty`, and what was kept is
 * given back only if it still has the shape of `template` (the form as loaded).
 */
export function useFormDraft<T>(key: string, form: T, dirty: boolean, template: T): DraftOffer<T> {
  return useDraft<T>(key, dirty ? form : null, (value): value is T => sameShape(template, value));
}
