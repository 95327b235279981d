import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Client, ClientMailLanguage, ClientOptions } from '../../../application/clients/client';
import {
  clientFormState,
  draftOf,
  fromDraft,
  isClientDraft,
  isDirty,
  withAddress,
  withContact,
  type AddressRow,
  type ClientDraft,
  type ClientFormState,
  type ContactRow,
} from '../../../application/clients/clientForm';
import { ClientService } from '../../../application/clients/ClientService';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { StaleSaveOffer } from '../../components/StaleSaveOffer';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { ReminderOptOutField } from '../reminders/ReminderOptOutField';
import { bilingual, bilingualChoices } from '../../format/bilingual';
import { useDraft } from '../../hooks/useDraft';
import { useStaleSave } from '../../hooks/useStaleSave';
import { useSubmit } from '../../hooks/useSubmit';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';

const MAIL_LANGUAGES: readonly ClientMailLanguage[] = ['zh-HK', 'en', 'both'];

export interface ClientFormProps {
  readonly client: Client | null;
  readonly options: ClientOptions;
  readonly defaults: { readonly branchId: number | null };
  readonly readOnly: boolean;
  readonly hkidSlot?: React.ReactNode;
  /** Told of the saved client (an edit; a new client's page opens instead). */
  readonly onSaved?: (client: Client) => void;
  readonly extraActions?: React.ReactNode;
}

/**
 * The client form (create and the basic tab): names, HKID, branch, tags, notes, contact persons
 * (one primary; phones by the domain's rule) and addresses with their area. Every problem shows at
 * once beside its field. A stale save (409) keeps the input and offers the latest version.
 */
export function ClientForm({ client, options, defaults, readOnly, hkidSlot, onSaved, extraActions }: ClientFormProps) {
  const { t, i18n } = useTranslation('clients');
  const service = useService(ClientService);
  const [saved, setSaved] = useState<ClientFormState>(() => clientFormState(client, defaults));
  const [form, setForm] = useState<ClientFormState>(saved);
  const [changingHkid, setChangingHkid] = useState(client === null);
  const staleSave = useStaleSave();
  const { busy, errors, message: problem, submit, reset } = useSubmit((state: ClientFormState, withHkid: boolean) => service.save(client, state, withHkid), { staleSave });
  const message = problem ?? (Object.keys(errors).length > 0 ? t('validation.summary') : null);
  const dirty = isDirty(form, saved);
  useUnsavedChanges(dirty && !readOnly);
  const draft = useDraft<ClientDraft>(client ? `client:${client.id}:${client.version}` : 'client:new', dirty && !readOnly ? draftOf(form) : null, isClientDraft);

  const set = <K extends keyof ClientFormState>(field: K, value: ClientFormState[K]) => setForm((f) => ({ ...f, [field]: value }));
  const setContact = (index: number, patch: Partial<ContactRow>) => set('contacts', form.contacts.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const setAddress = (index: number, patch: Partial<AddressRow>) => set('addresses', form.addresses.map((a, i) => (i === index ? { ...a, ...patch } : a)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const result = await submit(form, changingHkid);
    if (!result?.isOk()) return;
    const next = clientFormState(result.value, defaults);
    setSaved(next);
    setForm(next);
    setChangingHkid(false);
    onSaved?.(result.value);
  };

  const areaOptions = bilingualChoices(options.areas, i18n.language);
  // The active sources, and the client's own when it is no longer active (so it still shows, and can be kept).
  const kept = client?.source && !options.sources.some((o) => o.value === client.source?.value) ? [client.source] : [];
  const sourceOptions = [...options.sources, ...kept].map((o) => ({ value: o.value, label: bilingual(o, i18n.language) }));

  return (
    <form className="card client-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <FormAlert message={message} />
      <DraftBanner draft={draft} onRestore={(kept) => setForm(fromDraft(kept))} message={t('draft.offer')} />
      {client !== null && <StaleSaveOffer staleSave={staleSave} label={t('conflictReload')} />}
      <fieldset disabled={readOnly || busy} className="plain-fieldset">
        <div className="grid-2">
          <TextField label={t('field.nameZh')} name="nameZh" lang="zh-HK" value={form.nameZh} maxLength={200} onChange={(e) => set('nameZh', e.target.value)} errors={errors.nameZh} />
          <TextField label={t('field.nameEn')} name="nameEn" lang="en" value={form.nameEn} maxLength={200} onChange={(e) => set('nameEn', e.target.value)} errors={errors.nameEn} />
        </div>
        <div className="grid-2">
          {changingHkid ? (
            <TextField label={t('field.hkid')} name="hkid" value={form.hkid} maxLength={20} autoComplete="off" placeholder="A123456(3)" onChange={(e) => set('hkid', e.target.value)} errors={errors.hkid} />
          ) : (
            <div className="field">
              <span className="field-label">{t('field.hkid')}</span>
              <div className="inline-actions">
                {hkidSlot}
                {!readOnly && (
                  <button type="button" className="link-button" onClick={() => setChangingHkid(true)}>
                    {t('hkid.change')}
                  </button>
                )}
              </div>
            </div>
          )}
          <SelectField
            label={t('field.branch')}
            value={form.branchId}
            onChange={(e) => set('branchId', e.target.value)}
            emptyLabel={t('none')}
            options={bilingualChoices(options.branches, i18n.language)}
            errors={errors.branchId}
          />
        </div>
        <div className="grid-2">
          <TextField label={t('field.tags')} name="tags" value={form.tags} onChange={(e) => set('tags', e.target.value)} errors={errors.tags} placeholder={t('tagsHint')} />
          <SelectField label={t('field.source')} value={form.source} onChange={(e) => set('source', e.target.value)} emptyLabel={t('sourceUnknown')} options={sourceOptions} errors={errors.source} />
        </div>
        <TextAreaField label={t('field.notes')} name="notes" value={form.notes} maxLength={5000} onChange={(e) => set('notes', e.target.value)} errors={errors.notes} />
        <ReminderOptOutField checked={form.remindersOptOut} onChange={(checked) => set('remindersOptOut', checked)} />
        <SelectField
          label={t('field.mailLanguage')}
          name="mailLanguage"
          value={form.mailLanguage}
          onChange={(e) => set('mailLanguage', e.target.value as ClientMailLanguage)}
          options={MAIL_LANGUAGES.map((language) => ({ value: language, label: t(`mailLanguages.${language}`) }))}
          errors={errors.mailLanguage}
        />
        <p className="hint">{t('mailLanguageHint')}</p>

        <fieldset className="repeater">
          <legend>{t('contacts.title')}</legend>
          {errors.contacts && <p className="field-errors">{errors.contacts.join(' ')}</p>}
          {form.contacts.length === 0 && <p className="hint">{t('contacts.none')}</p>}
          {form.contacts.map((contact, index) => (
            <div key={contact.key} className="repeater-row" role="group" aria-label={t('contacts.row', { n: index + 1 })}>
              <div className="grid-4">
                <TextField label={t('contacts.name')} value={contact.name} onChange={(e) => setContact(index, { name: e.target.value })} errors={errors[`contacts.${index}.name`]} />
                <TextField label={t('contacts.jobTitle')} value={contact.title} onChange={(e) => setContact(index, { title: e.target.value })} errors={errors[`contacts.${index}.title`]} />
                <TextField label={t('field.phones')} type="tel" value={contact.phones} onChange={(e) => setContact(index, { phones: e.target.value })} errors={errors[`contacts.${index}.phones`]} />
                <TextField label={t('contacts.email')} type="email" value={contact.email} onChange={(e) => setContact(index, { email: e.target.value })} errors={errors[`contacts.${index}.email`]} />
              </div>
              <div className="inline-actions">
                <label className="checkbox">
                  <input type="radio" name="primary-contact" checked={form.primary === contact.key} onChange={() => set('primary', contact.key)} /> {t('contacts.primary')}
                </label>
                <label className="checkbox">
                  <input type="checkbox" checked={form.accounts === contact.key} onChange={(e) => set('accounts', e.target.checked ? contact.key : -1)} /> {t('contacts.accounts')}
                </label>
                <button type="button" className="link-button" onClick={() => set('contacts', form.contacts.filter((_, i) => i !== index))}>
                  {t('contacts.remove', { n: index + 1 })}
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setForm(withContact)}
          >
            {t('contacts.add')}
          </button>
        </fieldset>

        <fieldset className="repeater">
          <legend>{t('addresses.title')}</legend>
          {form.addresses.length === 0 && <p className="hint">{t('addresses.none')}</p>}
          {form.addresses.map((address, index) => (
            <div key={address.key} className="repeater-row" role="group" aria-label={t('addresses.row', { n: index + 1 })}>
              <div className="grid-address">
                <TextField label={t('addresses.label')} value={address.label} onChange={(e) => setAddress(index, { label: e.target.value })} />
                <TextField label={t('addresses.address')} value={address.address} onChange={(e) => setAddress(index, { address: e.target.value })} errors={errors[`addresses.${index}.address`]} />
                <SelectField label={t('addresses.area')} value={address.areaId} onChange={(e) => setAddress(index, { areaId: e.target.value })} emptyLabel={t('none')} options={areaOptions} errors={errors[`addresses.${index}.areaId`]} />
              </div>
              <button type="button" className="link-button" onClick={() => set('addresses', form.addresses.filter((_, i) => i !== index))}>
                {t('addresses.remove', { n: index + 1 })}
              </button>
            </div>
          ))}
          <button type="button" className="button button-secondary" onClick={() => setForm(withAddress)}>
            {t('addresses.add')}
          </button>
        </fieldset>
      </fieldset>
      {!readOnly && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy || (!dirty && client !== null)}>
            {busy ? t('saving') : t('save')}
          </button>
          {client !== null && (
            <button type="button" className="button button-secondary" disabled={busy || !dirty} onClick={() => {
                setForm(saved);
                reset();
                setChangingHkid(false);
              }}>
              {t('discard')}
            </button>
          )}
          {extraActions}
        </div>
      )}
    </form>
  );
}
