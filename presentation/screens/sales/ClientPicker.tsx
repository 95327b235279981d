import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamedOption } from '../../../application/sales/sales';
import { ClientFinder } from '../../../application/ports/ClientFinder';
import { bilingual } from '../../format/bilingual';
import { onEnter } from '../../forms/onEnter';
import { useService } from '../../services/ServicesContext';

const both = (c: NamedOption) => [c.nameZh, c.nameEn].filter(Boolean).join(' · ');

/**
 * Chooses the client of a document: search by either name, phone or tag (the clients list's own
 * search), then pick from the matches. The chosen client stays listed while searching again.
 */
export function ClientPicker({
  value,
  onChange,
  errors = [],
  disabled,
}: {
  value: NamedOption | null;
  onChange: (client: NamedOption | null) => void;
  errors?: readonly string[] | undefined;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation('sales');
  const clients = useService(ClientFinder);
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<NamedOption[] | null>(null);
  const [busy, setBusy] = useState(false);
  const choices = [...(value ? [value] : []), ...(found ?? []).filter((c) => c.id !== value?.id)];

  const search = async () => {
    if (!q.trim()) return;
    setBusy(true);
    const result = await clients.find(q.trim());
    setBusy(false);
    setFound(result.unwrapOr([]));
  };

  const invalid = errors.length > 0;
  return (
    <fieldset className="client-picker plain-fieldset" disabled={disabled}>
      <div className="client-picker-search">
        <div className="field">
          <label htmlFor={`${id}-q`}>{t('client.search')}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            onKeyDown={onEnter(() => void search())}
          />
        </div>
        <button type="button" className="button button-secondary" onClick={() => void search()} disabled={busy}>
          {t('client.find')}
        </button>
      </div>
      <div className={`field${invalid ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-client`}>{t('field.client')}</label>
        <select
          id={`${id}-client`}
          value={value ? String(value.id) : ''}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : `${id}-status`}
          onChange={(event) => onChange(choices.find((c) => String(c.id) === event.target.value) ?? null)}
        >
          <option value="">{t('client.choose')}</option>
          {choices.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {both(c) || bilingual(c, i18n.language)}
            </option>
          ))}
        </select>
        <p id={`${id}-status`} className="hint" role="status">
          {found === null ? t('client.hint') : t('client.found', { count: found.length })}
        </p>
        {invalid && (
          <ul id={`${id}-error`} className="field-errors">
            {errors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
