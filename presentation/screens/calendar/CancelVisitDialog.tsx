import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CancellationReason } from '../../../application/appointments/appointment';
import { FormAlert } from '../../components/FormAlert';
import { FormDialog } from '../../components/FormDialog';
import { TextAreaField } from '../../components/TextAreaField';
import { UsualReasonField } from '../../components/UsualReasonField';

/** The longest reason the server keeps. */
export const CANCEL_REASON_MAX = 500;

/**
 * Canceling a visit (final): the user may pick one of the usual reasons of Settings → Options, which
 * fills the reason in the interface language, or type any other; the reason may also stay empty.
 */
export function CancelVisitDialog({
  open,
  reasons,
  busy,
  message,
  errors,
  onCancelVisit,
  onClose,
}: {
  open: boolean;
  reasons: readonly CancellationReason[];
  busy: boolean;
  /** The server's refusal, if any. */
  message: string | null;
  errors: readonly string[];
  onCancelVisit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('calendar');
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  return (
    <FormDialog open={open} title={t('cancelVisit.title')} submitLabel={t('cancelVisit.submit')} cancelLabel={t('cancelVisit.keep')} busy={busy} tone="danger" onSubmit={() => onCancelVisit(reason.trim())} onClose={onClose}>
      <FormAlert message={message} />
      <p className="hint">{t('cancelVisit.final')}</p>
      <UsualReasonField label={t('cancelVisit.usualReason')} otherLabel={t('cancelVisit.otherReason')} reasons={reasons} text={reason} onText={setReason} />
      <TextAreaField label={t('cancelVisit.reason')} value={reason} maxLength={CANCEL_REASON_MAX} onChange={(e) => setReason(e.target.value)} errors={errors} />
    </FormDialog>
  );
}
