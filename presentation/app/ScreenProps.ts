import type { RouteDef } from '../../application/navigation/routes';
import type { ScreenData } from '../../application/navigation/screenData';

/** What every screen of the route table receives. */
export interface ScreenProps {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
  /** The reply of the route's API path: `items` from an array, `props` from an object (spec §2). */
  readonly data: ScreenData;
}
