import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { blankHoliday } from '../../../application/admin/listForms';
import { screenValue } from '../../../application/navigation/screenData';
import { weekdayText } from '../../../domain/time/format';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListEditor } from '../../components/ListEditor';


/** /settings/holiday?year=…: the year's holidays (the current year when none is given). */
export default function HolidaysScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const year = Number(new URLSearchParams(useSearch()).get('year'));
  return (
    <div className="stack">
      <nav className="year-switch" aria-label={t('holidays.years')}>
        <Link href={`/settings/holiday?year=${year - 1}`}>{t('holidays.previous', { year: year - 1 })}</Link>
        <strong aria-current="page">{year}</strong>
        <Link href={`/settings/holiday?year=${year + 1}`}>{t('holidays.next', { year: year + 1 })}</Link>
      </nav>
      <p className="hint">{t('holidays.seededYears')}</p>
      <ListEditor
        list={{ kind: 'holidays' }}
        items={screenValue(data, 'holidays')}
        words={{ caption: t('holidays.caption', { year }), empty: t('holidays.empty', { year }), add: t('holidays.add'), edit: t('holidays.edit') }}
        columns={[
          { header: t('holidays.date'), cell: (r) => `${r.date} (${weekdayText(r.date, i18n.language)})` },
          { header: t('holidays.name'), cell: (r) => (i18n.language === 'en' ? r.nameEn || r.nameZh : r.nameZh || r.nameEn) },
        ]}
        fields={[
          { key: 'date', label: t('holidays.date'), kind: 'date' },
          { key: 'nameZh', label: t('nameZh'), kind: 'text', maxLength: 200, lang: 'zh-HK' },
          { key: 'nameEn', label: t('nameEn'), kind: 'text', maxLength: 200, lang: 'en' },
        ]}
        blank={blankHoliday(year)}
        itemName={(r) => `${r.date} ${r.nameZh || r.nameEn}`}
      />
    </div>
  );
}
