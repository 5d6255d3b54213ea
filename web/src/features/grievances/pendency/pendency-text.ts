// How a grievance's pendency (its stage and the days spent there) reads on screen.
import type { Pendency } from '../../../api/types';

/** '1 day', '12 days'. */
export const dayCount = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

/** '12 days at this stage'. */
export const daysAtStageText = (pendency: Pendency): string => `${dayCount(pendency.days_at_stage)} at this stage`;

/** 'Overdue by 9 days', or null while within the limit (or without one). */
export function overdueText(pendency: Pendency | null | undefined): string | null {
  return pendency?.overdue ? `Overdue by ${dayCount(pendency.days_overdue)}` : null;
}

/** 'Limit 30 days', or 'No limit' when the Admin Panel sets none for this stage and priority. */
export const limitText = (pendency: Pendency): string =>
  pendency.limit_days == null ? 'No limit' : `Limit ${dayCount(pendency.limit_days)}`;
