// The reopen window and the appeal's time limit: whole days, typed as text, read into
// numbers before they are sent with the revision they were read at.
import { i18n } from '../../../i18n';
import { wholeNumber, type DraftRead } from '../whole-numbers';

export const MIN_DAYS = 1;
export const MAX_DAYS = 90;

export type DaysField = 'reopenWindowDays' | 'appealDays';
export type DaysDraft = Record<DaysField, string>;
export type Days = Record<DaysField, number>;

/** 'Enter a whole number of days from 1 to 90' in the current language, as the server words it. */
export const daysMessage = (): string => i18n.t('errors:DAYS_OUT_OF_RANGE', { min: MIN_DAYS, max: MAX_DAYS });

/** The days to send, or each field's message when it is not a whole number from 1 to 90. */
export function readDays(draft: DaysDraft): DraftRead<Days, DaysField> {
  const reopenWindowDays = wholeNumber(draft.reopenWindowDays, MIN_DAYS, MAX_DAYS);
  const appealDays = wholeNumber(draft.appealDays, MIN_DAYS, MAX_DAYS);
  if (reopenWindowDays === undefined || appealDays === undefined) {
    const errors: Partial<Record<DaysField, string>> = {};
    if (reopenWindowDays === undefined) errors.reopenWindowDays = daysMessage();
    if (appealDays === undefined) errors.appealDays = daysMessage();
    return { errors };
  }
  return { value: { reopenWindowDays, appealDays } };
}
