import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../format/dateTime';

const describeValue = (value: unknown): string => (value === null || value === undefined || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** A change as the log keeps it: field by field "from → to", or the values given. */
function Changes({ changes }: { changes: Readonly<Record<string, unknown>> | null }) {
  if (changes === null) return <>—</>;
  return (
    <ul className="changes">
      {Object.entries(changes).map(([field, value]) => {
        const pair = typeof value === 'object' && value !== null && 'from' in value && 'to' in value ? (value) : null;
        return (
          <li key={field}>
            <code>{field}</code>: {pair ? `${describeValue(pair.from)} → ${describeValue(pair.to)}` : describeValue(value)}
          </li>
        );
      })}
    </ul>
  );
}

/** /settings/audit: who did what to which record, and when; filtered by user, record type, action and dates. */
export default function AuditScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const [path, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const log = screenValue(data, 'audit');
  const { users, entityTypes: types, actions } = log.filters;
  const [form, setForm] = useState({ user_id: params.get('user_id') ?? '', entity_type: params.get('entity_type') ?? '', action: params.get('action') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' });
  const items = log.items;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(Object.entries(form).filter(([, v]) => v !== ''));
    navigate(next.size > 0 ? `${path}?${next.toString()}` : path);
  };
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <div className="stack">
      <form className="filters" role="search" onSubmit={onSubmit}>
        <SelectField label={t('audit.user')} value={form.user_id} onChange={(e) => set('user_id', e.target.value)} emptyLabel={t('audit.all')} options={users.map((u) => ({ value: String(u.id), label: u.name }))} />
        <SelectField label={t('audit.entity')} value={form.entity_type} onChange={(e) => set('entity_type', e.target.value)} emptyLabel={t('audit.all')} options={types.map((v) => ({ value: v, label: t(`audit.entities.${v}`, { defaultValue: v }) }))} />
        <SelectField label={t('audit.action')} value={form.action} onChange={(e) => set('action', e.target.value)} emptyLabel={t('audit.all')} options={actions.map((v) => ({ value: v, label: t(`audit.actions.${v}`, { defaultValue: v }) }))} />
        <TextField label={t('audit.from')} type="date" value={form.from} onChange={(e) => set('from', e.target.value)} />
        <TextField label={t('audit.to')} type="date" value={form.to} onChange={(e) => set('to', e.target.value)} />
        <button type="submit" className="button button-primary">
          {t('audit.filter')}
        </button>
      </form>
      {items.length === 0 ? (
        <p className="notice">{t('audit.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t('audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.user')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.entity')}</th>
                <th scope="col">{t('audit.changes')}</th>
                <th scope="col">{t('audit.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at, i18n.language)}</td>
                  <td>{entry.userName ?? '—'}</td>
                  <td>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
                  <td>
                    {t(`audit.entities.${entry.entityType}`, { defaultValue: entry.entityType })} {entry.entityId ? `#${entry.entityId}` : ''}
                  </td>
                  <td>
                    <Changes changes={entry.changes} />
                  </td>
                  <td>{entry.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination path={path} search={search} page={log.page} perPage={log.perPage} total={log.total} />
    </div>
  );
}
