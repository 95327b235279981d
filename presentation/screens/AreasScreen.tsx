import { useTranslation } from 'react-i18next';
import { blankArea } from '../../application/admin/listForms';
import { screenValue } from '../../application/navigation/screenData';
import type { ScreenProps } from '../app/ScreenProps';
import { ListEditor } from '../components/ListEditor';

const REGIONS = ['hk_island', 'kowloon', 'new_territories'] as const;

/** /settings/area: the districts used for addresses and filters (seeded with Hong Kong's 18). */
export default function AreasScreen({ data }: ScreenProps) {
  const { t } = useTranslation('settings');
  const items = screenValue(data, 'areas');
  return (
    <ListEditor
      list={{ kind: 'areas' }}
      items={items}
      words={{ caption: t('areas.caption', { count: items.length }), empty: t('areas.empty'), add: t('areas.add'), edit: t('areas.edit') }}
      columns={[
        { header: t('areas.region'), cell: (r) => t(`areas.regions.${r.region}`) },
        { header: t('areas.nameZh'), cell: (r) => <span lang="zh-HK">{r.nameZh}</span> },
        { header: t('areas.nameEn'), cell: (r) => <span lang="en">{r.nameEn}</span> },
      ]}
      fields={[
        { key: 'nameZh', label: t('areas.nameZh'), kind: 'text', maxLength: 120, lang: 'zh-HK' },
        { key: 'nameEn', label: t('areas.nameEn'), kind: 'text', maxLength: 120, lang: 'en' },
        { key: 'region', label: t('areas.region'), kind: 'select', options: REGIONS.map((r) => ({ value: r, label: t(`areas.regions.${r}`) })) },
        { key: 'sortOrder', label: t('admin:sortOrder'), kind: 'number' },
      ]}
      blank={blankArea(items.length)}
      itemName={(r) => r.nameZh || r.nameEn}
    />
  );
}
