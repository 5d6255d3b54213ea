// The Admin Panel's escalation waits: how many days past its stage's
// limit an overdue grievance waits before it goes to its district, its range and
// the state. The fields are text while edited; the server checks that each level
// waits at least as long as the one below and names the field that does not.
import type { EscalationRules } from '../../api/types';
import { i18n } from '../../i18n';
import { wholeNumber, type DraftRead } from './whole-numbers';

export const MIN_WAIT = 0;
export const MAX_WAIT = 365;

/** The waits, lowest level first, by their field names in the request. */
export const WAIT_FIELDS = ['district_days', 'range_days', 'state_days'] as const satisfies readonly (keyof EscalationRules)[];
export type WaitField = (typeof WAIT_FIELDS)[number];

/** The form's text per field. */
export type WaitsDraft = Record<WaitField, string>;

/** 'Enter a whole number of days from 0 to 365' in the current language, as the server words it. */
export const waitMessage = (): string => i18n.t('admin:escalation.rule', { min: MIN_WAIT, max: MAX_WAIT });

export function draftOf(rules: EscalationRules): WaitsDraft {
  return { district_days: String(rules.district_days), range_days: String(rules.range_days), state_days: String(rules.state_days) };
}

/** The request, or the message of each field that is not a whole number of days in range. */
export function readWaits(draft: WaitsDraft): DraftRead<EscalationRules, WaitField> {
  const [district_days, range_days, state_days] = WAIT_FIELDS.map((field) => wholeNumber(draft[field], MIN_WAIT, MAX_WAIT));
  if (district_days !== undefined && range_days !== undefined && state_days !== undefined) {
    return { value: { district_days, range_days, state_days } };
  }
  const errors: Partial<Record<WaitField, string>> = {};
  for (const field of WAIT_FIELDS) if (wholeNumber(draft[field], MIN_WAIT, MAX_WAIT) === undefined) errors[field] = waitMessage();
  return { errors };
}
