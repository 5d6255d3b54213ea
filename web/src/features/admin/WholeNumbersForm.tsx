// The form of a setting made of whole numbers (the transfer limit, the escalation waits):
// a number field each, read before anything is sent, then saved. The server's messages
// for its fields go under them, the first one wrong taking the focus; any other refusal
// stands above the fields.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { ApiError, errorText } from '../../api/errors';
import type { DraftRead } from './whole-numbers';

export interface WholeNumberField<F extends string> {
  name: F;
  label: string;
  min: number;
  max: number;
  /** What the number means, shown under the label and read out with the field. */
  hint?: string;
}

interface WholeNumberInputProps extends WholeNumberField<string> {
  value: string;
  onChange: (text: string) => void;
  /** The field's message, shown under it. */
  error?: string;
  /** The label is read out but not shown (a cell of a grid whose headers say it). */
  labelHidden?: boolean;
  placeholder?: string;
}

/** A field for a whole number from `min` to `max`. */
export function WholeNumberInput({ name, label, min, max, value, onChange, error, labelHidden, placeholder, hint }: WholeNumberInputProps) {
  return (
    <TextField
      label={label}
      labelHidden={labelHidden}
      descriptiveText={hint}
      name={name}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      size="small"
      placeholder={placeholder}
      className="limit-input"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hasError={Boolean(error)}
      errorMessage={error}
    />
  );
}

/** `T` the numbers read, `S` what saving them answers (the numbers themselves, or a setting holding them). */
interface WholeNumbersFormProps<F extends string, T, S = T> {
  /** The id of the heading that names the form. */
  headingId: string;
  className: string;
  fields: readonly WholeNumberField<F>[];
  initial: Record<F, string>;
  read: (draft: Record<F, string>) => DraftRead<T, F>;
  save: (value: T) => Promise<S>;
  saveLabel: string;
  /** The failure's text when the server gives none. */
  saveFailed: string;
  onSaved: (saved: S) => void;
  /** A setting saved with its revision: the server kept a newer one (409), told here instead of as a failure. */
  onConflict?: () => void;
}

export function WholeNumbersForm<F extends string, T, S = T>(props: WholeNumbersFormProps<F, T, S>) {
  const { fields } = props;
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<Record<F, string>>(props.initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const showErrors = (form: HTMLFormElement, found: Partial<Record<F, string>>) => {
    setErrors(found);
    const first = fields.find((field) => found[field.name]);
    if (first) form.querySelector<HTMLInputElement>(`input[name="${first.name}"]`)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const read = props.read(draft);
    setFailure(null);
    if ('errors' in read) {
      showErrors(form, read.errors);
      return;
    }
    setBusy(true);
    try {
      props.onSaved(await props.save(read.value));
    } catch (error) {
      if (props.onConflict && error instanceof ApiError && error.status === 409) {
        props.onConflict();
        return;
      }
      // The server names a field out of range (or out of order), in the reader's language.
      const sent = error instanceof ApiError ? error.fields : {};
      const found: Partial<Record<F, string>> = {};
      for (const { name } of fields) if (sent[name]) found[name] = sent[name];
      showErrors(form, found);
      if (Object.keys(found).length === 0) setFailure(errorText(error, props.saveFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={props.headingId} className={props.className}>
      {failure ? (
        <Alert variation="error" marginBottom="small">
          {failure}
        </Alert>
      ) : null}
      <Flex direction="column" alignItems="flex-start" gap="small">
        {fields.map((field) => (
          <WholeNumberInput
            key={field.name}
            {...field}
            value={draft[field.name]}
            error={errors[field.name]}
            onChange={(text) => {
              setDraft((previous) => ({ ...previous, [field.name]: text }));
              setErrors((previous) => ({ ...previous, [field.name]: undefined }));
            }}
          />
        ))}
        <Button type="submit" variation="primary" isLoading={busy} loadingText={t('users:saving')}>
          {props.saveLabel}
        </Button>
      </Flex>
    </form>
  );
}
