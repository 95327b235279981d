import type { ServiceKey } from './token';

/** How presentation reaches services: the composition root hands one of these to the React tree. */
export interface ServiceResolver {
  get<T>(key: ServiceKey<T>): T;
}
