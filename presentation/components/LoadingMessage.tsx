import { useTranslation } from 'react-i18next';

/**
 * Spec §2: a Loading message shows until data is loaded. `sample` renders it as plain text, for the
 * component showcase, where nothing is actually loading.
 */
export function LoadingMessage({ sample = false }: { sample?: boolean }) {
  const { t } = useTranslation();
  return sample ? (
    <p className="loading-message">{t('loading')}</p>
  ) : (
    <p className="loading-message" role="status" aria-live="polite">
      {t('loading')}
    </p>
  );
}
