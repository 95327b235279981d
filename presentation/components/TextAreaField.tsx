import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  readonly label: string;
  readonly errors?: readonly string[] | undefined;
}

/** A labelled multi-line text box with its error messages tied to it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, errors = [], className, ...area }, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea ref={ref} id={id} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined} rows={3} {...area} />
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
