// Settings made of whole numbers in a range (the transfer limit, the escalation waits):
// typed as text, read into numbers before they are sent.

/** A form's draft read: the value to send, or the message of each field that is wrong. */
export type DraftRead<T, F extends string> = { value: T } | { errors: Partial<Record<F, string>> };

/** The number a text gives, or undefined when it is not a whole number from `min` to `max`. */
export function wholeNumber(text: string, min: number, max: number): number | undefined {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}
