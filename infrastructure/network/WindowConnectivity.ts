import type { Connectivity } from '../../application/ports/Connectivity';
import type { Cancel } from '../../application/ports/Timer';

/** Connectivity from the window's `online` and `offline` events. */
export class WindowConnectivity implements Connectivity {
  constructor(private readonly host: Pick<Window, 'addEventListener' | 'removeEventListener'>) {}

  watch(onChange: (online: boolean) => void): Cancel {
    const online = () => onChange(true);
    const offline = () => onChange(false);
    this.host.addEventListener('online', online);
    this.host.addEventListener('offline', offline);
    return () => {
      this.host.removeEventListener('online', online);
      this.host.removeEventListener('offline', offline);
    };
  }
}
