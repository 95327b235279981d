import { useSyncExternalStore } from 'react';

/** A phone held upright (issue 22: 360–414 px wide), with some room. */
export const PHONE = '(max-width: 480px)';

const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : null);

function subscribe(changed: () => void): () => void {
  const media = query();
  media?.addEventListener?.('change', changed);
  return () => media?.removeEventListener?.('change', changed);
}

/** Whether the screen is a phone's width, following rotation and resizing. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
