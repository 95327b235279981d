import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { OPTION_KEYS } from '../../../domain/settings/options';
import { blankOption } from '../../../application/admin/listForms';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListEditor } from '../../components/ListEditor';

/** /settings/option/{key}: one keyed option list (payment methods, appointment types …). */
export default function OptionsScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const { key, items } = screenValue(data, 'options');
  return (
    <div className="stack">
      <nav aria-label={t('options.lists')}>
        <ul className="tabs">
          {OPTION_KEYS.map((k) => (
            <li key={k}>
              <Link href={`/settings/option/${k}`} className={k === key ? 'tab active' : 'tab'} aria-current={k === key ? 'page' : undefined}>
                {t(`options.key.${k}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListEditor
        list={{ kind: 'options', key }}
        items={items}
        words={{ caption: t(`options.key.${key}`), empty: t('options.empty'), add: t('options.add'), edit: t('options.edit') }}
        columns={[
          { header: t('options.label'), cell: (r) => (i18n.language === 'en' ? r.labelEn || r.labelZh : r.labelZh || r.labelEn) },
          { header: t('options.value'), cell: (r) => <code>{r.value}</code> },
          { header: t('sortOrder'), cell: (r) => r.sortOrder },
          { header: t('active'), cell: (r) => (r.active ? t('yes') : t('no')) },
        ]}
        fields={[
          { key: 'labelZh', label: t('options.labelZh'), kind: 'text', maxLength: 120, lang: 'zh-HK' },
          { key: 'labelEn', label: t('options.labelEn'), kind: 'text', maxLength: 120, lang: 'en' },
          { key: 'value', label: t('options.valueHint'), kind: 'text', maxLength: 40 },
          { key: 'sortOrder', label: t('sortOrder'), kind: 'number' },
          { key: 'active', label: t('active'), kind: 'checkbox' },
        ]}
        blank={blankOption}
        itemName={(r) => r.labelZh || r.labelEn}
      />
    </div>
  );
}
