import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineSaves } from '../../application/api/OfflineSaves';
import type { DraftOffer } from '../hooks/useDraft';
import { useObservable } from '../hooks/useObservable';
import { useService } from '../services/ServicesContext';

/**
 * What a form kept when a call failed (useDraft / useFormDraft). After a failed save (500, no reply,
 * refused, offline) the input is put back into the form at once and the failure said; after an
 * expired session it is offered: restore or discard. While a save waits for the connection it says
 * that it will be sent when the connection returns.
 */
export function DraftBanner<T>({ draft, onRestore, message }: { draft: DraftOffer<T>; onRestore: (value: T) => void; message?: string }) {
  const { t } = useTranslation('common');
  const waiting = useObservable(useService(OfflineSaves).waiting$, 0);
  const { putBack } = draft;
  useEffect(() => {
    if (putBack !== null) onRestore(draft.takePutBack());
    // Once, when the form opens with something to put back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [putBack]);

  return (
    <>
      {waiting > 0 && (
        <p className="banner banner-warning" role="status">
          {t('draft.waiting')}
        </p>
      )}
      {waiting === 0 && draft.failure !== null && (
        <p className="banner banner-warning" role="alert">
          {t(`draft.failed.${draft.failure}`)}
        </p>
      )}
      {draft.offered && (
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
      )}
    </>
  );
}
