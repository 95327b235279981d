import { filter } from 'rxjs';
import type { NavigationService } from '../navigation/NavigationService';
import type { OfflineCache } from '../ports/OfflineCache';
import type { Cancel } from '../ports/Timer';
import type { CurrentUser } from './CurrentUser';
import type { HeartbeatService } from './HeartbeatService';

/**
 * What happens when the app opens: the user is restored from storage, the navigation rules start,
 * then the heartbeat (at once and every 5 minutes). Whenever no one is signed in — at start, after a
 * sign-out, and as soon as the server says the session is over (a 401, the heartbeat's auth false,
 * session_expired) — what the device keeps of the worker's day is forgotten (issue 31 item 9).
 */
export class AppStartup {
  constructor(
    private readonly currentUser: CurrentUser,
    private readonly heartbeat: HeartbeatService,
    private readonly navigation: NavigationService,
    private readonly kept?: Pick<OfflineCache, 'forget'>,
  ) {}

  start(): Cancel {
    this.currentUser.restore();
    const signedOut = this.currentUser.user$.pipe(filter((user) => user === null)).subscribe(() => void this.kept?.forget());
    const rules = this.navigation.start();
    const stopHeartbeat = this.heartbeat.start();
    return () => {
      stopHeartbeat();
      rules.unsubscribe();
      signedOut.unsubscribe();
    };
  }
}
