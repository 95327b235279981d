import type { NamedOption } from '../../../application/sales/sales';
import type { ListFilter } from '../../components/ListView';
import { bilingual } from '../../format/bilingual';

type Translate = (key: string) => string;

/** The filters every sales list has: the period (from, to) and the branch. */
export function periodAndBranchFilters(t: Translate, branches: readonly NamedOption[], language: string): ListFilter[] {
  return [
    { key: 'date_from', type: 'date', label: t('list.from') },
    { key: 'date_to', type: 'date', label: t('list.to') },
    { key: 'branch_id', type: 'select', label: t('field.branch'), emptyLabel: t('list.all'), options: branches.map((b) => ({ value: String(b.id), label: bilingual(b, language) })) },
  ];
}

/** The words of a sales list: its caption and what it says when empty are its own, the buttons and "no match" shared. */
export function salesListWords(t: Translate, caption: string, empty: string) {
  return { apply: t('list.apply'), clear: t('list.clear'), caption: t(caption), empty: t(empty), noMatch: t('list.noMatch') };
}
