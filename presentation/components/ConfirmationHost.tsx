import { useTranslation } from 'react-i18next';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import { useObservable } from '../hooks/useObservable';
import { useService } from '../services/ServicesContext';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Shows whatever the application is asking the user to confirm (leaving with unsaved changes,
 * deleting, completing a visit before its day). The way out has the focus; leaving and deleting lose
 * something, so their confirmation is styled as destructive, and on leaving with unsaved changes
 * staying is also the main (primary) button.
 */
export function ConfirmationHost() {
  const { t } = useTranslation();
  const confirmation = useService(ConfirmationService);
  const request = useObservable(confirmation.request$, null);
  const kind = request?.kind ?? 'unsavedChanges';
  // Completing a visit early is asked by the worker's screens: its words are in their namespace, loaded by then.
  const ns = kind === 'futureVisit' ? 'field' : 'common';
  return (
    <ConfirmDialog
      open={request !== null}
      tone={kind === 'futureVisit' ? 'default' : 'danger'}
      cancelTone={kind === 'unsavedChanges' ? 'primary' : 'secondary'}
      title={t(`confirm.${kind}.title`, { ...request?.values, ns })}
      message={t(`confirm.${kind}.body`, { ...request?.values, ns })}
      confirmLabel={t(`confirm.${kind}.confirm`, { ns })}
      cancelLabel={t(`confirm.${kind}.cancel`, { ns })}
      onConfirm={() => confirmation.answer(true)}
      onCancel={() => confirmation.answer(false)}
    />
  );
}
