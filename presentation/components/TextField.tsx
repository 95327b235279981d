import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** What the control inside a LabelledField takes: its id for the label, and its error state for assistive technology. */
export interface FieldControl {
  readonly id: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

export interface LabelledFieldProps {
  readonly label: string;
  /** Messages shown under the field and announced with it. */
  readonly errors?: readonly string[] | undefined;
  readonly className?: string | undefined;
  /** The control (input, textarea, select …), given the props that tie it to the label and the messages. */
  readonly children: (control: FieldControl) => ReactNode;
}

/** The frame every form field shares: a label, the control, and its error messages tied to it. */
export function LabelledField({ label, errors = [], className, children }: LabelledFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId : undefined })}
      {invalid && (
        <ul id={errorId} className="field-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  readonly label: string;
  /** Messages shown under the field and announced with it. */
  readonly errors?: readonly string[] | undefined;
}

/** A labelled input with its error messages tied to it for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, errors, className, ...input }, ref) {
  return (
    <LabelledField label={label} errors={errors} className={className}>
      {(control) => <input ref={ref} {...control} {...input} />}
    </LabelledField>
  );
});
