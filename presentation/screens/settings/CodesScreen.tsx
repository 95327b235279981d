import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../domain/auth/permissions';
import { checkCode, CODE_KEYS, type CodeKey } from '../../../domain/settings/codes';
import { ResourceService } from '../../../application/admin/ResourceService';
import { decodeCodes } from '../../../application/admin/records';
import { AppState } from '../../../application/state/AppState';
import type { ScreenProps } from '../../app/ScreenProps';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { TextField } from '../../components/TextField';
import { useProblemWords } from '../../format/problem';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';

/** /settings/code: document number prefixes and the business's numbers, each checked by the domain's rule. */
export default function CodesScreen({ data }: ScreenProps) {
  const { t } = useTranslation('admin');
  const problems = useProblemWords();
  const resources = useService(ResourceService);
  const state = useService(AppState);
  const user = useAppState('user');
  const codes = decodeCodes(data.props.codes);
  const initial = Object.fromEntries(codes.map((c) => [c.key, c.value]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canEdit = hasPermission(user, 'setting_edit');
  const dirty = codes.some((c) => values[c.key] !== c.value);
  useUnsavedChanges(dirty && canEdit);
  const draft = useFormDraft(`codes:${codes.map((c) => c.version).join('.')}`, values, dirty && canEdit, initial);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string[]> = {};
    for (const key of CODE_KEYS) {
      const verdict = checkCode(key, values[key] ?? '');
      if (verdict !== 'ok') local[key] = [t(verdict)];
    }
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    const result = await resources.update('/api/settings', { values, versions: Object.fromEntries(codes.map((c) => [c.key, c.version])) });
    setBusy(false);
    result.match(
      () => {
        state.set({ unsavedChanges: false, notification: { title: 'admin:saved', type: 'success' } });
        resources.reload();
      },
      (error) => {
        const problem = problems.describe(error, { fields: [...CODE_KEYS] });
        setErrors(problem.fields);
        setMessage(problem.message);
      },
    );
  };

  return (
    <form className="card form-card" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <FormAlert message={message} />
      <DraftBanner draft={draft} onRestore={setValues} />
      <fieldset className="plain-fieldset" disabled={!canEdit || busy}>
        {codes.map((code) => (
          <TextField
            key={code.key}
            label={t(`codes.${code.key as CodeKey}`)}
            name={code.key}
            value={values[code.key] ?? ''}
            inputMode={code.kind === 'number' ? 'numeric' : 'text'}
            onChange={(e) => setValues((v) => ({ ...v, [code.key]: code.kind === 'prefix' ? e.target.value.toUpperCase() : e.target.value }))}
            errors={errors[code.key]}
          />
        ))}
      </fieldset>
      {canEdit && (
        <button type="submit" className="button button-primary" disabled={busy || !dirty}>
          {t('save')}
        </button>
      )}
    </form>
  );
}
