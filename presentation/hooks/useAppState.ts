import { useMemo } from 'react';
import { AppState, type AppStateFields } from '../../application/state/AppState';
import { useService } from '../services/ServicesContext';
import { useObservable } from './useObservable';

/** One field of the global state, kept current. */
export function useAppState<K extends keyof AppStateFields>(key: K): AppStateFields[K] {
  const state = useService(AppState);
  const stream$ = useMemo(() => state.select(key), [state, key]);
  return useObservable(stream$, state.get()[key]);
}
