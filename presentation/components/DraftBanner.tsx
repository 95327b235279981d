import { useTranslation } from 'react-i18next';
import type { DraftOffer } from '../hooks/useDraft';

/**
 * Offers back what was typed in a form when the session expired (useDraft / useFormDraft): restore it
 * or discard it. Shows nothing when nothing was kept.
 */
export function DraftBanner<T>({ draft, onRestore, message }: { draft: DraftOffer<T>; onRestore: (value: T) => void; message?: string }) {
  const { t } = useTranslation('common');
  if (!draft.offered) return null;
  return (
    <div className="banner banner-warning" role="status">
      <p>{message ?? t('draft.offer')}</p>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={() => onRestore(draft.accept())}>
          {t('draft.restore')}
        </button>
        <button type="button" className="button button-secondary" onClick={draft.dismiss}>
          {t('draft.discard')}
        </button>
      </div>
    </div>
  );
}
