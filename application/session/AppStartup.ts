import type { NavigationService } from '../navigation/NavigationService';
import type { Cancel } from '../ports/Timer';
import type { CurrentUser } from './CurrentUser';
import type { HeartbeatService } from './HeartbeatService';

/**
 * What happens when the app opens: the user is restored from storage, the navigation rules start,
 * then the heartbeat (at once and every 5 minutes).
 */
export class AppStartup {
  constructor(
    private readonly currentUser: CurrentUser,
    private readonly heartbeat: HeartbeatService,
    private readonly navigation: NavigationService,
  ) {}

  start(): Cancel {
    this.currentUser.restore();
    const rules = this.navigation.start();
    const stopHeartbeat = this.heartbeat.start();
    return () => {
      stopHeartbeat();
      rules.unsubscribe();
    };
  }
}
