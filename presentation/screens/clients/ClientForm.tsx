import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseHkid } from '../../../domain/hk/hkid';
import { parsePhone } from '../../../domain/hk/phone';
import type { ApiError } from '../../../application/api/ApiError';
import { parsePhones, parseTags, type Client, type ClientInput, type ClientOptions } from '../../../application/clients/client';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { StaleSaveOffer } from '../../components/StaleSaveOffer';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { useProblemWords } from '../../format/problem';
import { bilingual } from '../../format/bilingual';
import { useDraft } from '../../hooks/useDraft';
import { useStaleSave } from '../../hooks/useStaleSave';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';

interface ContactRow {
  readonly key: number;
  readonly name: string;
  readonly title: string;
  readonly phones: string;
  readonly email: string;
}

interface AddressRow {
  readonly key: number;
  readonly label: string;
  readonly address: string;
  readonly areaId: string;
}

interface FormState {
  readonly nameZh: string;
  readonly nameEn: string;
  readonly hkid: string;
  readonly tags: string;
  readonly branchId: string;
  /** A client source's value ('' for none). */
  readonly source: string;
  readonly notes: string;
  readonly primary: number;
  readonly contacts: readonly ContactRow[];
  readonly addresses: readonly AddressRow[];
}

let nextKey = 1;
const key = () => nextKey++;

/**
 * What is kept of the form when the session expires, to offer back after signing in again: all
 * but the HKID, which as personal data never goes into the browser's storage.
 */
type DraftState = Omit<FormState, 'hkid' | 'source'> & { readonly source?: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: Record<string, unknown>, keys: readonly string[]) => keys.every((k) => typeof v[k] === 'string');

function isDraftState(value: unknown): value is DraftState {
  return (
    isRecord(value) &&
    strings(value, ['nameZh', 'nameEn', 'tags', 'branchId', 'notes']) &&
    (value.source === undefined || typeof value.source === 'string') &&
    typeof value.primary === 'number' &&
    Array.isArray(value.contacts) &&
    value.contacts.every((c) => isRecord(c) && typeof c.key === 'number' && strings(c, ['name', 'title', 'phones', 'email'])) &&
    Array.isArray(value.addresses) &&
    value.addresses.every((a) => isRecord(a) && typeof a.key === 'number' && strings(a, ['label', 'address', 'areaId']))
  );
}

/** A kept draft as form state again, its rows with fresh keys (the primary contact follows its row). */
function fromDraft(kept: DraftState): FormState {
  const contacts = kept.contacts.map((c) => ({ ...c, key: key() }));
  const primaryIndex = kept.contacts.findIndex((c) => c.key === kept.primary);
  return { ...kept, source: kept.source ?? '', hkid: '', contacts, primary: contacts[primaryIndex]?.key ?? contacts[0]?.key ?? -1, addresses: kept.addresses.map((a) => ({ ...a, key: key() })) };
}

function stateFrom(client: Client | null, defaults: { branchId: number | null }): FormState {
  const contacts = (client?.contacts ?? []).map((c) => ({ key: key(), name: c.name, title: c.title, phones: c.phones.join(', '), email: c.email }));
  const primaryIndex = client?.contacts.findIndex((c) => c.isPrimary) ?? -1;
  return {
    nameZh: client?.nameZh ?? '',
    nameEn: client?.nameEn ?? '',
    hkid: '',
    tags: (client?.tags ?? []).join(', '),
    branchId: String(client?.branchId ?? defaults.branchId ?? ''),
    source: client?.source?.value ?? '',
    notes: client?.notes ?? '',
    primary: contacts[primaryIndex]?.key ?? contacts[0]?.key ?? -1,
    contacts,
    addresses: (client?.addresses ?? []).map((a) => ({ key: key(), label: a.label, address: a.address, areaId: a.areaId === null ? '' : String(a.areaId) })),
  };
}

/** The body to send; the company (not on the form) stays as it was: a new client gets the user's. */
function toInput(state: FormState, includeHkid: boolean, companyId: number | null): ClientInput {
  return {
    nameZh: state.nameZh.trim(),
    nameEn: state.nameEn.trim(),
    ...(includeHkid ? { hkid: state.hkid.trim() } : {}),
    tags: parseTags(state.tags),
    companyId,
    branchId: state.branchId ? Number(state.branchId) : null,
    source: state.source || null,
    notes: state.notes.trim(),
    contacts: state.contacts.map((c) => ({ name: c.name.trim(), title: c.title.trim(), phones: parsePhones(c.phones), email: c.email.trim(), isPrimary: c.key === state.primary })),
    addresses: state.addresses.map((a) => ({ label: a.label.trim(), address: a.address.trim(), areaId: a.areaId ? Number(a.areaId) : null })),
  };
}

export interface ClientFormProps {
  readonly client: Client | null;
  readonly options: ClientOptions;
  readonly defaults: { readonly branchId: number | null };
  readonly readOnly: boolean;
  readonly hkidSlot?: React.ReactNode;
  /** Saves; resolves to the saved client, or the error to show (nothing typed is lost). */
  readonly onSave: (input: ClientInput) => Promise<{ ok: true; client: Client } | { ok: false; error: ApiError }>;
  readonly extraActions?: React.ReactNode;
}

/**
 * The client form (create and the basic tab): names, HKID, branch, tags, notes, contact persons
 * (one primary; phones by the domain's rule) and addresses with their area. Every problem shows at
 * once beside its field. A stale save (409) keeps the input and offers the latest version.
 */
export function ClientForm({ client, options, defaults, readOnly, hkidSlot, onSave, extraActions }: ClientFormProps) {
  const { t, i18n } = useTranslation('clients');
  const problems = useProblemWords();
  const [saved, setSaved] = useState<FormState>(() => stateFrom(client, defaults));
  const [form, setForm] = useState<FormState>(saved);
  const [changingHkid, setChangingHkid] = useState(client === null);
  const [errors, setErrors] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const staleSave = useStaleSave();
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify({ ...form, contacts: form.contacts.map(({ key: _k, ...c }) => c) }) !== JSON.stringify({ ...saved, contacts: saved.contacts.map(({ key: _k, ...c }) => c) });
  useUnsavedChanges(dirty && !readOnly);
  const { hkid: _hkid, ...unsaved } = form;
  const draft = useDraft<DraftState>(client ? `client:${client.id}:${client.version}` : 'client:new', dirty && !readOnly ? unsaved : null, isDraftState);

  const set = <K extends keyof FormState>(field: K, value: FormState[K]) => setForm((f) => ({ ...f, [field]: value }));
  const setContact = (index: number, patch: Partial<ContactRow>) => set('contacts', form.contacts.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const setAddress = (index: number, patch: Partial<AddressRow>) => set('addresses', form.addresses.map((a, i) => (i === index ? { ...a, ...patch } : a)));

  const validate = (input: ClientInput): Record<string, string[]> => {
    const local: Record<string, string[]> = {};
    if (!input.nameZh && !input.nameEn) local.nameZh = local.nameEn = [t('validation.nameRequired')];
    if (input.hkid) {
      const hkid = parseHkid(input.hkid);
      if (hkid.isErr()) local.hkid = [t(`validation.${hkid.error.code}`)];
    }
    input.contacts.forEach((c, i) => {
      if (!c.name) local[`contacts.${i}.name`] = [t('validation.contactName')];
      if (c.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.email)) local[`contacts.${i}.email`] = [t('validation.email')];
      if (c.phones.some((p) => parsePhone(p).isErr())) local[`contacts.${i}.phones`] = [t('validation.phone')];
    });
    input.addresses.forEach((a, i) => {
      if (!a.address) local[`addresses.${i}.address`] = [t('validation.address')];
    });
    return local;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || readOnly) return;
    const input = toInput(form, changingHkid, client?.companyId ?? null);
    const local = validate(input);
    staleSave.note(null);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setMessage(t('validation.summary'));
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    const result = await onSave(input);
    setBusy(false);
    if (result.ok) {
      const next = stateFrom(result.client, defaults);
      setSaved(next);
      setForm(next);
      setChangingHkid(false);
      return;
    }
    const error = result.error;
    staleSave.note(error);
    const fields = error.code === 'validation' ? Object.keys(error.fields) : [];
    const problem = problems.describe(error, { fields });
    // Phone messages arrive per phone (contacts.0.phones.1); the form has one phones field per contact.
    const mapped: Record<string, readonly string[]> = {};
    for (const [field, messages] of Object.entries(problem.fields)) mapped[field.replace(/^(contacts\.\d+\.phones)\.\d+$/, '$1')] = messages;
    setErrors(mapped);
    setMessage(problem.message ?? (Object.keys(mapped).length > 0 ? t('validation.summary') : null));
  };

  const areaOptions = options.areas.map((a) => ({ value: String(a.id), label: bilingual(a, i18n.language) }));
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
            options={options.branches.map((b) => ({ value: String(b.id), label: bilingual(b, i18n.language) }))}
            errors={errors.branchId}
          />
        </div>
        <div className="grid-2">
          <TextField label={t('field.tags')} name="tags" value={form.tags} onChange={(e) => set('tags', e.target.value)} errors={errors.tags} placeholder={t('tagsHint')} />
          <SelectField label={t('field.source')} value={form.source} onChange={(e) => set('source', e.target.value)} emptyLabel={t('sourceUnknown')} options={sourceOptions} errors={errors.source} />
        </div>
        <TextAreaField label={t('field.notes')} name="notes" value={form.notes} maxLength={5000} onChange={(e) => set('notes', e.target.value)} errors={errors.notes} />

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
                <button type="button" className="link-button" onClick={() => set('contacts', form.contacts.filter((_, i) => i !== index))}>
                  {t('contacts.remove', { n: index + 1 })}
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              const row = { key: key(), name: '', title: '', phones: '', email: '' };
              setForm((f) => ({ ...f, contacts: [...f.contacts, row], primary: f.contacts.length === 0 ? row.key : f.primary }));
            }}
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
          <button type="button" className="button button-secondary" onClick={() => set('addresses', [...form.addresses, { key: key(), label: '', address: '', areaId: '' }])}>
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
            <button type="button" className="button button-secondary" disabled={busy || !dirty} onClick={() => { setForm(saved); setErrors({}); setMessage(null); setChangingHkid(false); }}>
              {t('discard')}
            </button>
          )}
          {extraActions}
        </div>
      )}
    </form>
  );
}
