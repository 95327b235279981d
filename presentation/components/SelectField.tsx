import { forwardRef, useId, type SelectHTMLAttributes } from 'react';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  readonly label: string;
  readonly errors?: readonly string[] | undefined;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  /** A first, empty choice (e.g. "All areas" or "None"). */
  readonly emptyLabel?: string;
}

/** A labelled select with its error messages tied to it. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, errors = [], options, emptyLabel, className, ...select }, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select ref={ref} id={id} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined} {...select}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {invalid && (
        <ul id={errorId} className="field-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
});
