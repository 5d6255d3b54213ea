// The Admin Panel's transfer limit: how many times a grievance may be sent to
// another police station. The field is text while edited.
import type { TransferLimit } from '../../api/types';
import { i18n } from '../../i18n';
import { wholeNumber, type DraftRead } from './whole-numbers';

export const MIN_TRANSFERS = 0;
export const MAX_TRANSFERS = 20;

/** 'Transfers allowed must be a whole number from 0 to 20' in the current language, as the server words it. */
export const transferLimitMessage = (): string => i18n.t('admin:transfers.rule', { min: MIN_TRANSFERS, max: MAX_TRANSFERS });

/** The request, or the field's message when it is not a whole number from 0 to 20. */
export function readTransferLimit(draft: { max_transfers: string }): DraftRead<TransferLimit, 'max_transfers'> {
  const max_transfers = wholeNumber(draft.max_transfers, MIN_TRANSFERS, MAX_TRANSFERS);
  return max_transfers === undefined ? { errors: { max_transfers: transferLimitMessage() } } : { value: { max_transfers } };
}
