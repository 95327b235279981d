import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';

/** /settings/users: staff accounts, searchable, filtered by role, branch and status. */
export default function UsersScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const user = useAppState('user');
  const [path, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const list = screenValue(data, 'users');
  const { roles, branches } = list.filters;
  const [form, setForm] = useState({ q: params.get('q') ?? '', role_id: params.get('role_id') ?? '', branch_id: params.get('branch_id') ?? '', active: params.get('active') ?? '' });
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const items = list.items;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(Object.entries(form).filter(([, v]) => v !== ''));
    navigate(next.size > 0 ? `${path}?${next.toString()}` : path);
  };

  return (
    <div className="stack">
      <div className="toolbar">
        <form className="filters" role="search" onSubmit={onSubmit}>
          <TextField label={t('users.search')} type="search" value={form.q} onChange={(e) => set('q', e.target.value)} />
          <SelectField label={t('users.role')} value={form.role_id} onChange={(e) => set('role_id', e.target.value)} emptyLabel={t('audit.all')} options={roles.map((r) => ({ value: String(r.id), label: r.name }))} />
          <SelectField label={t('users.branch')} value={form.branch_id} onChange={(e) => set('branch_id', e.target.value)} emptyLabel={t('audit.all')} options={branches.map((b) => ({ value: String(b.id), label: bilingual(b, i18n.language) }))} />
          <SelectField label={t('users.status')} value={form.active} onChange={(e) => set('active', e.target.value)} emptyLabel={t('audit.all')} options={[{ value: '1', label: t('users.active') }, { value: '0', label: t('users.inactive') }]} />
          <button type="submit" className="button button-primary">
            {t('audit.filter')}
          </button>
        </form>
        {hasPermission(user, 'user_create') && (
          <Link href="/settings/users/create" className="button button-primary">
            {t('users.new')}
          </Link>
        )}
      </div>
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">{t('users.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('users.name')}</th>
              <th scope="col">{t('users.email')}</th>
              <th scope="col">{t('users.role')}</th>
              <th scope="col">{t('users.branch')}</th>
              <th scope="col">{t('users.status')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.id}>
                <td>
                  {row.calendarColor && <span className="swatch" style={{ background: row.calendarColor }} aria-hidden="true" />}
                  <Link href={`/settings/users/${row.id}`}>{row.name}</Link>
                  {row.isAdmin && <span className="badge">{t('users.admin')}</span>}
                </td>
                <td>{row.email}</td>
                <td>{row.role ?? '—'}</td>
                <td>{row.branch ? bilingual(row.branch, i18n.language) : '—'}</td>
                <td>{row.active ? t('users.active') : t('users.inactive')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination path={path} search={search} page={list.page} perPage={list.perPage} total={list.total} />
    </div>
  );
}
