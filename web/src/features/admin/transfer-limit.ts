// The Admin Panel's transfer limit: how many times a grievance may be sent to
// another police station. The field is text while edited.
import { i18n } from '../../i18n';

export const MIN_TRANSFERS = 0;
export const MAX_TRANSFERS = 20;

/** 'Transfers allowed must be a whole number from 0 to 20' in the current language, as the server words it. */
export const transferLimitMessage = (): string => i18n.t('admin:transfers.rule', { min: MIN_TRANSFERS, max: MAX_TRANSFERS });

/** The number of transfers the text gives, or undefined when it is not a whole number from 0 to 20. */
export function parseTransferLimit(text: string): number | undefined {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return undefined;
  const count = Number(value);
  return count >= MIN_TRANSFERS && count <= MAX_TRANSFERS ? count : undefined;
}
