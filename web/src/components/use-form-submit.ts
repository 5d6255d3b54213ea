// A form's sending: busy while the request is out, then the server's field messages by
// field, or, when it named no field, one failure text for the form's top.
import { useState } from 'react';
import { ApiError, errorText } from '../api/errors';

export function useFormSubmit(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  /** Runs `send`; a refusal fills `fields`, or `failure` when it names no field. */
  async function submit(send: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    setFields({});
    try {
      await send();
    } catch (error) {
      const byField = error instanceof ApiError ? error.fields : {};
      setFields(byField);
      if (!Object.keys(byField).length) setFailure(errorText(error, fallback));
    } finally {
      setBusy(false);
    }
  }

  return { busy, failure, fields, submit };
}
