import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { LabelledField } from './TextField';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  readonly label: string;
  readonly errors?: readonly string[] | undefined;
}

/** A labelled multi-line text box with its error messages tied to it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, errors, className, ...area }, ref) {
  return (
    <LabelledField label={label} errors={errors} className={className}>
      {(control) => <textarea ref={ref} {...control} rows={3} {...area} />}
    </LabelledField>
  );
});
