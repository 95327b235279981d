import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { decodeHolidays, type Holiday } from '../../../application/admin/records';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListEditor } from '../../components/ListEditor';
import { useAppState } from '../../hooks/useAppState';
import { oneLanguage } from './checks';

const WEEKDAY = (date: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-HK' : 'zh-HK', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** /settings/holiday?year=…: the year's holidays (the current year when none is given). */
export default function HolidaysScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const user = useAppState('user');
  const year = Number(new URLSearchParams(useSearch()).get('year'));
  return (
    <div className="stack">
      <nav className="year-switch" aria-label={t('holidays.years')}>
        <Link href={`/settings/holiday?year=${year - 1}`}>{t('holidays.previous', { year: year - 1 })}</Link>
        <strong aria-current="page">{year}</strong>
        <Link href={`/settings/holiday?year=${year + 1}`}>{t('holidays.next', { year: year + 1 })}</Link>
      </nav>
      <p className="hint">{t('holidays.seededYears')}</p>
      <ListEditor<Holiday>
        items={decodeHolidays(data.items)}
        caption={t('holidays.caption', { year })}
        emptyText={t('holidays.empty', { year })}
        columns={[
          { header: t('holidays.date'), cell: (r) => `${r.date} (${WEEKDAY(r.date, i18n.language)})` },
          { header: t('holidays.name'), cell: (r) => (i18n.language === 'en' ? r.nameEn || r.nameZh : r.nameZh || r.nameEn) },
        ]}
        fields={[
          { key: 'date', label: t('holidays.date'), kind: 'date' },
          { key: 'nameZh', label: t('nameZh'), kind: 'text', maxLength: 200, lang: 'zh-HK' },
          { key: 'nameEn', label: t('nameEn'), kind: 'text', maxLength: 200, lang: 'en' },
        ]}
        blank={{ date: `${year}-01-01`, nameZh: '', nameEn: '' }}
        toValues={(r) => ({ date: r.date, nameZh: r.nameZh, nameEn: r.nameEn })}
        toBody={(v) => v}
        check={(v) => ({ ...oneLanguage(t, v, 'nameZh', 'nameEn'), ...(/^\d{4}-\d{2}-\d{2}$/.test(String(v.date)) ? {} : { date: [t('holidays.dateRequired')] }) })}
        collectionPath="/api/holidays"
        itemPath={(r) => `/api/holidays/${r.id}`}
        itemName={(r) => `${r.date} ${r.nameZh || r.nameEn}`}
        addLabel={t('holidays.add')}
        addTitle={t('holidays.add')}
        editTitle={t('holidays.edit')}
        canCreate={hasPermission(user, 'setting_create')}
        canEdit={hasPermission(user, 'setting_edit')}
        canDelete={hasPermission(user, 'setting_delete')}
      />
    </div>
  );
}
