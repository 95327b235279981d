import { useTranslation } from 'react-i18next';
import { blankOrderTerm } from '../../../application/admin/listForms';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListEditor } from '../../components/ListEditor';

/** /settings/order/terms: reusable terms for quotations and orders, in both languages. */
export default function OrderTermsScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const applies = ['both', 'quotation', 'order'].map((value) => ({ value, label: t(`terms.appliesTo.${value}`) }));
  return (
    <ListEditor
      list={{ kind: 'orderTerms' }}
      items={screenValue(data, 'orderTerms')}
      words={{ caption: t('terms.caption'), empty: t('terms.empty'), add: t('terms.add'), edit: t('terms.edit') }}
      columns={[
        { header: t('terms.title'), cell: (r) => (i18n.language === 'en' ? r.titleEn || r.titleZh : r.titleZh || r.titleEn) },
        { header: t('terms.appliesToLabel'), cell: (r) => t(`terms.appliesTo.${r.appliesTo}`) },
        { header: t('sortOrder'), cell: (r) => r.sortOrder },
        { header: t('active'), cell: (r) => (r.active ? t('yes') : t('no')) },
      ]}
      fields={[
        { key: 'titleZh', label: t('terms.titleZh'), kind: 'text', maxLength: 200, lang: 'zh-HK' },
        { key: 'titleEn', label: t('terms.titleEn'), kind: 'text', maxLength: 200, lang: 'en' },
        { key: 'bodyZh', label: t('terms.bodyZh'), kind: 'textarea', maxLength: 5000, lang: 'zh-HK' },
        { key: 'bodyEn', label: t('terms.bodyEn'), kind: 'textarea', maxLength: 5000, lang: 'en' },
        { key: 'appliesTo', label: t('terms.appliesToLabel'), kind: 'select', options: applies },
        { key: 'sortOrder', label: t('sortOrder'), kind: 'number' },
        { key: 'active', label: t('active'), kind: 'checkbox' },
      ]}
      blank={blankOrderTerm}
      itemName={(r) => r.titleZh || r.titleEn}
    />
  );
}
