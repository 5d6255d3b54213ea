// The one input of every two-factor form: the six digits of an authenticator app, or a
// recovery code. Typing clears the field's error (the parent's onChange does both).
import { TextField } from '@aws-amplify/ui-react';

interface CodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** A recovery code (xxxx-xxxx) rather than an app's digits. */
  recovery?: boolean;
  autoFocus?: boolean;
  marginTop?: string;
}

export function CodeField({ label, value, onChange, error, recovery = false, autoFocus, marginTop }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      name={recovery ? 'recovery_code' : 'code'}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      inputMode={recovery ? 'text' : 'numeric'}
      placeholder={recovery ? 'xxxx-xxxx' : '123456'}
      maxLength={recovery ? 20 : 7}
      autoFocus={autoFocus}
      isRequired
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hasError={Boolean(error)}
      errorMessage={error}
      marginTop={marginTop}
      className="two-factor-code-input"
    />
  );
}
