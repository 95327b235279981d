import { useTranslation } from 'react-i18next';
import { HeartbeatService } from '../../application/session/HeartbeatService';
import { useAppState } from '../hooks/useAppState';
import { useObservable } from '../hooks/useObservable';
import { useService } from '../services/ServicesContext';

/** Says so when the server cannot be reached (a failed heartbeat marks the app offline). */
export function OfflineBanner() {
  const { t } = useTranslation();
  const isOnline = useAppState('isOnline');
  const heartbeat = useService(HeartbeatService);
  const checked = useObservable(heartbeat.checked$, false);
  if (isOnline || !checked) return null;
  return (
    <div className="banner banner-warning" role="alert">
      {t('offline')}
    </div>
  );
}
