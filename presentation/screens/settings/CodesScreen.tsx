import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_KEYS, type CodeKey } from '../../../domain/settings/codes';
import { ListDesk } from '../../../application/admin/ListDesk';
import { codeValues, listOffers, typedCode } from '../../../application/admin/listForms';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { TextField } from '../../components/TextField';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useSubmit } from '../../hooks/useSubmit';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';

/** /settings/code: document number prefixes and the business's numbers, each checked by the domain's rule (ListDesk). */
export default function CodesScreen({ data }: ScreenProps) {
  const { t } = useTranslation('admin');
  const desk = useService(ListDesk);
  const { codes } = screenValue(data, 'codes');
  const initial = codeValues(codes);
  const [values, setValues] = useState<Record<string, string>>(initial);
  const { busy, errors, message, submit } = useSubmit(() => desk.saveCodes(codes, values), { fields: [...CODE_KEYS] });
  const canEdit = listOffers(useAppState('user')).edit;
  const dirty = codes.some((c) => values[c.key] !== c.value);
  useUnsavedChanges(dirty && canEdit);
  const draft = useFormDraft(`codes:${codes.map((c) => c.version).join('.')}`, values, dirty && canEdit, initial);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="card form-card" noValidate onSubmit={onSubmit} aria-busy={busy}>
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
            onChange={(e) => setValues((v) => ({ ...v, [code.key]: typedCode(code, e.target.value) }))}
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
