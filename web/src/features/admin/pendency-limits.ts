// The Pendency Limits form: days a grievance may stay at each stage,
// per priority. A cell is text while edited; empty means no limit.
import type { PendencyLimitsRequest, PendencyLimitsView, Stage } from '../../api/types';
import { i18n } from '../../i18n';
import { wholeNumber } from './whole-numbers';

export const MIN_LIMIT = 1;
export const MAX_LIMIT = 3650;
/** The rule's wording in English, as the server words it; limitMessage() gives it in the current language. */
export const LIMIT_MESSAGE = 'A limit is a whole number of days from 1 to 3650';
export const limitMessage = (): string => i18n.t('admin:limits.rule', { min: MIN_LIMIT, max: MAX_LIMIT });

/** Priority -> stage -> the cell's text. */
export type LimitsDraft = Record<string, Partial<Record<Stage, string>>>;

/** The server's name of a cell, as in its field errors: 'limits.High.inward'. */
export const cellKey = (priority: string, stage: Stage): string => `limits.${priority}.${stage}`;

export function draftFrom(view: PendencyLimitsView): LimitsDraft {
  const draft: LimitsDraft = {};
  for (const priority of view.priorities) {
    draft[priority] = {};
    for (const { stage } of view.stages) {
      const days = view.limits[priority]?.[stage];
      draft[priority][stage] = typeof days === 'number' ? String(days) : '';
    }
  }
  return draft;
}

const cellText = (draft: LimitsDraft, priority: string, stage: Stage): string => (draft[priority]?.[stage] ?? '').trim();

/** Null for an empty cell (no limit), the days for a valid one, undefined for anything else. */
export function parseLimit(text: string): number | null | undefined {
  return text.trim() ? wholeNumber(text, MIN_LIMIT, MAX_LIMIT) : null;
}

/** The cells that are not a whole number of days from 1 to 3650, by cellKey. */
export function validateLimits(view: PendencyLimitsView, draft: LimitsDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const priority of view.priorities) {
    for (const { stage } of view.stages) {
      if (parseLimit(cellText(draft, priority, stage)) === undefined) errors[cellKey(priority, stage)] = limitMessage();
    }
  }
  return errors;
}

/**
 * The body of PUT /admin/pendency-limits: every priority shown, every stage,
 * null where there is no limit (so a cleared cell clears the limit). The PUT
 * replaces all limits, so those of priorities not shown (deactivated) go back
 * as they came. Call after validateLimits found nothing.
 */
export function limitsRequest(view: PendencyLimitsView, draft: LimitsDraft): PendencyLimitsRequest {
  const limits: PendencyLimitsRequest['limits'] = {};
  for (const [priority, kept] of Object.entries(view.limits)) {
    if (!view.priorities.includes(priority)) limits[priority] = { ...kept };
  }
  for (const priority of view.priorities) {
    limits[priority] = {};
    for (const { stage } of view.stages) limits[priority][stage] = parseLimit(cellText(draft, priority, stage)) ?? null;
  }
  return { limits };
}

/** '30 days', '1 day' or 'No limit' (read-only view). */
export function limitLabel(days: number | null | undefined): string {
  if (typeof days !== 'number') return i18n.t('casework:pendency.noLimit');
  return i18n.t('casework:pendency.days', { count: days });
}
