import { useTranslation } from 'react-i18next';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import { useObservable } from '../hooks/useObservable';
import { useService } from '../services/ServicesContext';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Shows whatever the application is asking the user to confirm (leaving with unsaved changes,
 * deleting). Both lose something, so the way out has the focus and the confirmation is styled as
 * destructive; on leaving with unsaved changes, staying is also the main (primary) button.
 */
export function ConfirmationHost() {
  const { t } = useTranslation();
  const confirmation = useService(ConfirmationService);
  const request = useObservable(confirmation.request$, null);
  const kind = request?.kind ?? 'unsavedChanges';
  return (
    <ConfirmDialog
      open={request !== null}
      tone="danger"
      cancelTone={kind === 'unsavedChanges' ? 'primary' : 'secondary'}
      title={t(`confirm.${kind}.title`, request?.values ?? {})}
      message={t(`confirm.${kind}.body`, request?.values ?? {})}
      confirmLabel={t(`confirm.${kind}.confirm`)}
      cancelLabel={t(`confirm.${kind}.cancel`)}
      onConfirm={() => confirmation.answer(true)}
      onCancel={() => confirmation.answer(false)}
    />
  );
}
