// The Admin Panel's trash retention: how many days a deleted grievance is kept before it is
// purged with its notes and attachments. The field is text while edited.
import { i18n } from '../../i18n';
import type { TrashRetention } from './api/settings';
import { wholeNumber, type DraftRead } from './whole-numbers';

export const MIN_RETENTION_DAYS = 1;
/** Ten years. */
export const MAX_RETENTION_DAYS = 3650;

/** 'Trash retention must be a whole number of days from 1 to 3650' in the current language. */
export const trashRetentionMessage = (): string =>
  i18n.t('admin:trashRetention.rule', { min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS });

/** The request, or the field's message when it is not a whole number from 1 to 3650. */
export function readTrashRetentionDraft(draft: { days: string }): DraftRead<TrashRetention, 'days'> {
  const days = wholeNumber(draft.days, MIN_RETENTION_DAYS, MAX_RETENTION_DAYS);
  return days === undefined ? { errors: { days: trashRetentionMessage() } } : { value: { days } };
}
