import { useEffect } from 'react';
import { AppState } from '../../application/state/AppState';
import { useService } from '../services/ServicesContext';

/**
 * Marks the screen as holding unsaved changes while `dirty` is true, so leaving asks first (spec §2).
 * The flag is cleared when the screen goes.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const state = useService(AppState);
  useEffect(() => {
    state.set({ unsavedChanges: dirty });
  }, [state, dirty]);
  useEffect(() => () => state.set({ unsavedChanges: false }), [state]);
}
