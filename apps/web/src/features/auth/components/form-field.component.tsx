import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './auth.module.css';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className'
>;

export interface FormFieldProps extends NativeInputProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The rule's message under the field, already translated. */
  error?: string;
  /** A control at the end of the input row, for example the OTP button. */
  action?: ReactNode;
  /** A note under the field (shown above any error). */
  hint?: ReactNode;
}

/**
 * A labelled text field of the account forms: a native input (so labels, autofill and aria-invalid work as
 * browsers and screen readers expect), an optional action, and the field's error message.
 */
export function FormField({
  id,
  label,
  value,
  onValueChange,
  error,
  action,
  hint,
  ...inputProps
}: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.control} ${error ? styles.controlInvalid : ''}`}>
        <input
          {...inputProps}
          id={id}
          className={styles.input}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {action}
      </div>
      {hint ? <div className={styles.hint}>{hint}</div> : null}
      {error ? (
        <p id={errorId} className={styles.error} data-testid={`${inputProps.name ?? id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
