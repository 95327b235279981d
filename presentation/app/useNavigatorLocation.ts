import type { BaseLocationHook } from 'wouter';
import { NavigationService } from '../../application/navigation/NavigationService';
import { Navigator } from '../../application/ports/Navigator';
import { useObservable } from '../hooks/useObservable';
import { useService } from '../services/ServicesContext';

/**
 * Location for wouter from the application's Navigator; wouter's links navigate through the
 * NavigationService, so the unsaved-changes rule applies to every in-app link.
 */
export const useNavigatorLocation: BaseLocationHook = () => {
  const navigator = useService(Navigator);
  const navigation = useService(NavigationService);
  const location = useObservable(navigator.location$, navigator.current());
  const navigate = (to: string | URL, options?: { replace?: boolean }) => {
    void navigation.navigate(String(to), { replace: options?.replace ?? false });
  };
  return [location.path, navigate];
};

export function useNavigatorSearch(): string {
  const navigator = useService(Navigator);
  return useObservable(navigator.location$, navigator.current()).search.replace(/^\?/, '');
}
