import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ScreenTitle } from '../../layout/PageHeading';

export type ErrorPageKind = 'errorNoConnection' | 'error403' | 'error404' | 'error500';

/** One error page layout: what happened, and a way back. */
export function ErrorPage({ kind }: { kind: ErrorPageKind }) {
  const { t } = useTranslation('errors');
  return (
    <section className="error-page">
      <ScreenTitle>{t(`routes:${kind}`)}</ScreenTitle>
      <p>{t(`page.${kind}`)}</p>
      <p className="error-actions">
        <button type="button" className="button button-secondary" onClick={() => window.history.back()}>
          {t('back')}
        </button>
        <Link href="/" className="button button-primary">
          {t('home')}
        </Link>
      </p>
    </section>
  );
}
