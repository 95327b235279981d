import { useTranslation } from 'react-i18next';
import { AppState } from '../../application/state/AppState';
import { useAppState } from '../hooks/useAppState';
import { useService } from '../services/ServicesContext';

/** The global notification (its title is a message key); cleared by the next navigation or by hand. */
export function NotificationBanner() {
  const state = useService(AppState);
  const notification = useAppState('notification');
  // The title's namespace ('sales:quotation.saved') may not be loaded yet: wait for it.
  const { t } = useTranslation(['common', ...(notification.title.includes(':') ? [notification.title.split(':')[0]!] : [])]);
  return (
    <div role="status" aria-live="polite" className="notification-region">
      {notification.title !== '' && (
        <p className={`banner banner-${notification.type === 'error' ? 'danger' : notification.type === 'warning' ? 'warning' : 'success'}`}>
          <span>{t(notification.title)}</span>
          <button type="button" className="link-button" onClick={() => state.set({ notification: { title: '', type: '' } })}>
            {t('dismiss')}
          </button>
        </p>
      )}
    </div>
  );
}
