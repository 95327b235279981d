import { forwardRef, type SelectHTMLAttributes } from 'react';
import { LabelledField } from './TextField';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  readonly label: string;
  readonly errors?: readonly string[] | undefined;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  /** A first, empty choice (e.g. "All areas" or "None"). */
  readonly emptyLabel?: string;
}

/** A labelled select with its error messages tied to it. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, errors, options, emptyLabel, className, ...select }, ref) {
  return (
    <LabelledField label={label} errors={errors} className={className}>
      {(control) => (
        <select ref={ref} {...control} {...select}>
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
});
