import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useAppState } from '../../hooks/useAppState';
import { bilingual } from '../../format/bilingual';

/** /clients: search by either name, phone or tag; filter by area, tag and source; sort; a page at a time. */
export default function ClientsListScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('clients');
  const [path, navigate] = useLocation();
  const search = useSearch();
  const user = useAppState('user');
  const params = new URLSearchParams(search);
  const list = screenValue(data, 'clients');
  const { items, filters } = list;
  const tags = filters.tags;
  const [q, setQ] = useState(params.get('q') ?? '');
  const [tag, setTag] = useState(params.get('tag') ?? '');
  const [areaId, setAreaId] = useState(params.get('area_id') ?? '');
  const [source, setSource] = useState(params.get('source') ?? '');
  const [sort, setSort] = useState(params.get('sort') ?? '');

  /** The search, filters and order go in the address (a new search starts at page 1). */
  const go = (order: string) => {
    const next = new URLSearchParams();
    if (q.trim()) next.set('q', q.trim());
    if (tag) next.set('tag', tag);
    if (areaId) next.set('area_id', areaId);
    if (source) next.set('source', source);
    if (order) next.set('sort', order);
    navigate(next.size > 0 ? `${path}?${next.toString()}` : path);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go(sort);
  };

  /** A new order applies at once. */
  const onSort = (order: string) => {
    setSort(order);
    go(order);
  };

  return (
    <div className="stack">
      <div className="toolbar">
        <form className="filters" role="search" onSubmit={onSearch}>
          <TextField label={t('list.search')} type="search" name="q" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('list.searchHint')} />
          <SelectField
            label={t('list.area')}
            value={areaId}
            onChange={(e) => setAreaId(e.target.value)}
            emptyLabel={t('list.allAreas')}
            options={filters.areas.map((a) => ({ value: String(a.id), label: bilingual(a, i18n.language) }))}
          />
          <SelectField label={t('list.tag')} value={tag} onChange={(e) => setTag(e.target.value)} emptyLabel={t('list.allTags')} options={tags.map((tg) => ({ value: tg, label: tg }))} />
          <SelectField
            label={t('field.source')}
            value={source}
            onChange={(e) => setSource(e.target.value)}
            emptyLabel={t('list.allSources')}
            options={filters.sources.map((o) => ({ value: o.value, label: bilingual(o, i18n.language) }))}
          />
          <SelectField
            label={t('list.sort')}
            value={sort}
            onChange={(e) => onSort(e.target.value)}
            emptyLabel={t('list.sortNewest')}
            options={[
              { value: 'created', label: t('list.sortOldest') },
              { value: 'name', label: t('list.sortName') },
              { value: '-name', label: t('list.sortNameDesc') },
              { value: 'code', label: t('list.sortCode') },
              { value: '-code', label: t('list.sortCodeDesc') },
            ]}
          />
          <button type="submit" className="button button-primary">
            {t('list.searchButton')}
          </button>
        </form>
        {hasPermission(user, 'client_create') && (
          <Link href="/clients/basic/create" className="button button-primary">
            {t('list.new')}
          </Link>
        )}
      </div>
      {items.length === 0 ? (
        <p className="notice">{params.size > 0 ? t('list.noMatch') : t('list.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('field.code')}</th>
                <th scope="col">{t('field.name')}</th>
                <th scope="col">{t('list.primaryContact')}</th>
                <th scope="col">{t('field.phones')}</th>
                <th scope="col">{t('list.area')}</th>
                <th scope="col">{t('field.tags')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((client) => (
                <tr key={client.id}>
                  <td>{client.code}</td>
                  <td>
                    <Link href={`/clients/basic/${client.id}`}>
                      {client.nameZh && <span lang="zh-HK">{client.nameZh}</span>}
                      {client.nameZh && client.nameEn && ' · '}
                      {client.nameEn && <span lang="en">{client.nameEn}</span>}
                    </Link>
                  </td>
                  <td>{client.primaryContact?.name ?? '—'}</td>
                  <td>{client.primaryContact?.phones.join(', ') || '—'}</td>
                  <td>{client.area ? bilingual(client.area, i18n.language) : '—'}</td>
                  <td>{client.tags.join('、') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination path={path} search={search} page={list.page} perPage={list.perPage} total={list.total} />
    </div>
  );
}
