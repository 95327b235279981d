import { useTranslation } from 'react-i18next';
import { bilingual } from '../format/bilingual';
import { SelectField } from './SelectField';

export interface UsualReason {
  readonly value: string;
  readonly nameEn: string;
  readonly nameZh: string;
}

/**
 * The usual reasons of Settings → Options, offered above a reason's text: choosing one fills the text
 * with its words in the interface language; the choice shown is the usual reason the text is, if it
 * is one (else `otherLabel`). Nothing is shown when there is no usual reason.
 */
export function UsualReasonField({ label, otherLabel, reasons, text, onText }: { label: string; otherLabel: string; reasons: readonly UsualReason[]; text: string; onText: (text: string) => void }) {
  const { i18n } = useTranslation();
  if (reasons.length === 0) return null;
  const words = (reason: UsualReason) => bilingual(reason, i18n.language);
  return (
    <SelectField
      label={label}
      value={reasons.find((r) => words(r) === text.trim())?.value ?? ''}
      emptyLabel={otherLabel}
      options={reasons.map((r) => ({ value: r.value, label: words(r) }))}
      onChange={(e) => {
        const chosen = reasons.find((r) => r.value === e.target.value);
        onText(chosen ? words(chosen) : '');
      }}
    />
  );
}
