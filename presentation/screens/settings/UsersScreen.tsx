import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { userListOffers } from '../../../application/admin/offers';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListView } from '../../components/ListView';
import { bilingual } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';

/** /settings/users: staff accounts, searchable, filtered by role, branch and status. */
export default function UsersScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const offers = userListOffers(useAppState('user'));
  const list = screenValue(data, 'users');
  const { roles, branches } = list.filters;
  const language = i18n.language;
  const all = t('audit.all');
  return (
    <ListView
      filters={[
        { key: 'q', type: 'search', label: t('users.search') },
        { key: 'role_id', type: 'select', label: t('users.role'), emptyLabel: all, options: roles.map((r) => ({ value: String(r.id), label: r.name })) },
        { key: 'branch_id', type: 'select', label: t('users.branch'), emptyLabel: all, options: branches.map((b) => ({ value: String(b.id), label: bilingual(b, language) })) },
        { key: 'active', type: 'select', label: t('users.status'), emptyLabel: all, options: [{ value: '1', label: t('users.active') }, { value: '0', label: t('users.inactive') }] },
      ]}
      words={{ apply: t('audit.filter'), caption: t('users.caption'), empty: t('users.empty'), noMatch: t('users.noMatch') }}
      actions={
        offers.create && (
          <Link href="/settings/users/create" className="button button-primary">
            {t('users.new')}
          </Link>
        )
      }
      columns={[
        {
          label: t('users.name'),
          cell: (row) => (
            <>
              {row.calendarColor && <span className="swatch" style={{ background: row.calendarColor }} aria-hidden="true" />}
              <Link href={`/settings/users/${row.id}`}>{row.name}</Link>
              {row.isAdmin && <span className="badge">{t('users.admin')}</span>}
            </>
          ),
        },
        { label: t('users.email'), cell: (row) => row.email },
        { label: t('users.role'), cell: (row) => row.role ?? '—' },
        { label: t('users.branch'), cell: (row) => (row.branch ? bilingual(row.branch, language) : '—') },
        { label: t('users.status'), cell: (row) => (row.active ? t('users.active') : t('users.inactive')) },
      ]}
      rows={list.items}
      rowKey={(row) => row.id}
      paging={list}
    />
  );
}
