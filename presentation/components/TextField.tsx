import { forwardRef, useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  readonly label: string;
  /** Messages shown under the field and announced with it. */
  readonly errors?: readonly string[] | undefined;
}

/** A labelled input with its error messages tied to it for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, errors = [], className, ...input }, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined} {...input} />
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
