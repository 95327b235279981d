import type { Connectivity } from '../ports/Connectivity';
import type { Cancel } from '../ports/Timer';
import type { AppState } from '../state/AppState';
import type { FieldDesk } from './FieldDesk';
import { isFieldWorker } from './fieldWorker';

/**
 * When the outbox's waiting completions are sent again (issue 22 item 4): as soon as the worker's
 * code is there (the composition starts this when FieldDesk first loads: the app opening on My day,
 * a worker's visit or the completion form), each time a worker in the field signs in, and each time
 * the connection returns. For anyone else nothing is sent. Not in the first download (/login budget).
 */
export class OutboxWatch {
  constructor(
    private readonly state: AppState,
    private readonly connectivity: Connectivity,
    private readonly desk: FieldDesk,
  ) {}

  start(): Cancel {
    const replay = () => {
      if (isFieldWorker(this.state.get().user)) void this.desk.replayOutbox();
    };
    const stopWatching = this.connectivity.watch((online) => {
      if (online) replay();
    });
    // Each change of the signed-in user (a sending already under way is not started twice).
    const signedIn = this.state.select('user').subscribe(replay);
    return () => {
      stopWatching();
      signedIn.unsubscribe();
    };
  }
}
