import { useCallback, useState } from 'react';
import { AppState } from '../../application/state/AppState';
import { useService } from '../services/ServicesContext';

export interface StaleSave {
  /** Whether the last save was refused as stale (409: someone else changed the record meanwhile). */
  readonly stale: boolean;
  /** Records how a save ended: its error, or null when it was saved (or is being sent again). */
  readonly note: (error: { readonly code: string } | null) => void;
  /** Drops what was typed and loads the latest version: the screen's data again, with its new version. */
  readonly reload: () => void;
}

/**
 * An edit form's stale save (edits carry a version). The form keeps what was typed and shows the
 * server's message (someone else changed the record); with `stale` it offers the latest version
 * (presentation/components/StaleSaveOffer), since saving again would send the same old version and be refused again.
 */
export function useStaleSave(): StaleSave {
  const state = useService(AppState);
  const [stale, setStale] = useState(false);
  const note = useCallback((error: { readonly code: string } | null) => setStale(error?.code === 'conflict'), []);
  const reload = useCallback(() => {
    // Not "unsaved" any more: the reload discards the input without asking.
    state.set({ unsavedChanges: false });
    state.set({ viewKey: state.get().viewKey + 1 });
  }, [state]);
  return { stale, note, reload };
}
