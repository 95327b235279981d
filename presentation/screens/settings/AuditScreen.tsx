import { useTranslation } from 'react-i18next';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListView } from '../../components/ListView';
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
  const log = screenValue(data, 'audit');
  const { users, entityTypes, actions } = log.filters;
  const all = t('audit.all');
  const entityWords = (type: string) => t(`audit.entities.${type}`, { defaultValue: type });
  const actionWords = (action: string) => t(`audit.actions.${action}`, { defaultValue: action });
  return (
    <ListView
      filters={[
        { key: 'user_id', type: 'select', label: t('audit.user'), emptyLabel: all, options: users.map((u) => ({ value: String(u.id), label: u.name })) },
        { key: 'entity_type', type: 'select', label: t('audit.entity'), emptyLabel: all, options: entityTypes.map((v) => ({ value: v, label: entityWords(v) })) },
        { key: 'action', type: 'select', label: t('audit.action'), emptyLabel: all, options: actions.map((v) => ({ value: v, label: actionWords(v) })) },
        { key: 'from', type: 'date', label: t('audit.from') },
        { key: 'to', type: 'date', label: t('audit.to') },
      ]}
      words={{ apply: t('audit.filter'), caption: t('audit.caption'), empty: t('audit.empty'), noMatch: t('audit.empty') }}
      columns={[
        { label: t('audit.when'), cell: (entry) => formatDateTime(entry.at, i18n.language) },
        { label: t('audit.user'), cell: (entry) => entry.userName ?? '—' },
        { label: t('audit.action'), cell: (entry) => actionWords(entry.action) },
        { label: t('audit.entity'), cell: (entry) => `${entityWords(entry.entityType)} ${entry.entityId ? `#${entry.entityId}` : ''}` },
        { label: t('audit.changes'), cell: (entry) => <Changes changes={entry.changes} /> },
        { label: t('audit.ip'), cell: (entry) => entry.ip ?? '—' },
      ]}
      rows={log.items}
      rowKey={(entry) => entry.id}
      paging={log}
    />
  );
}
