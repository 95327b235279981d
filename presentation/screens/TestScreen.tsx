import { useTranslation } from 'react-i18next';
import { useAppState } from '../hooks/useAppState';
import { ScreenTitle } from '../layout/PageHeading';

/** /test (public): a page that shows the app is served and whether it reaches the server. */
export default function TestScreen() {
  const { t } = useTranslation();
  const isOnline = useAppState('isOnline');
  const authValid = useAppState('authValid');
  return (
    <section className="card">
      <ScreenTitle>{t('routes:test')}</ScreenTitle>
      <dl className="facts">
        <dt>{t('test.app')}</dt>
        <dd>{t('test.ok')}</dd>
        <dt>{t('test.server')}</dt>
        <dd>{isOnline ? t('test.online') : t('test.offline')}</dd>
        <dt>{t('test.session')}</dt>
        <dd>{authValid ? t('test.signedIn') : t('test.signedOut')}</dd>
      </dl>
    </section>
  );
}
