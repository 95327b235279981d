import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ServiceResolver } from '../../application/di/ServiceResolver';
import type { ServiceKey } from '../../application/di/token';

const ServicesContext = createContext<ServiceResolver | null>(null);

export function ServicesProvider({ services, children }: { services: ServiceResolver; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The one way a component reaches a use-case, stream or port: by its key, from the composition root. */
export function useService<T>(key: ServiceKey<T>): T {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useService needs a <ServicesProvider> above it');
  return useMemo(() => services.get(key), [services, key]);
}
