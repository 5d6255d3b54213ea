// How a grievance's pendency (its stage and the days spent there) reads on screen.
import type { Pendency, Stage } from '../../../api/types';
import { currentLanguage, i18n } from '../../../i18n';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`casework:${key}`, values);

/** '1 day', '12 days'. */
export const dayCount = (n: number): string => t('pendency.days', { count: n });

/** '12 days at this stage'. */
export const daysAtStageText = (pendency: Pendency): string => t('pendency.atStage', { days: dayCount(pendency.days_at_stage) });

/** 'Overdue by 9 days', or null while within the limit (or without one). */
export function overdueText(pendency: Pendency | null | undefined): string | null {
  return pendency?.overdue ? t('pendency.overdueBy', { days: dayCount(pendency.days_overdue) }) : null;
}

/** 'Limit 30 days', or 'No limit' when the Admin Panel sets none for this stage and priority. */
export const limitText = (pendency: Pendency): string =>
  pendency.limit_days == null ? t('pendency.noLimit') : t('pendency.limit', { days: dayCount(pendency.limit_days) });

/** A stage's name: the server's label in English, the catalogue's in Hindi. */
export function stageLabel(stage: Stage, serverLabel: string): string {
  if (currentLanguage() === 'en') return serverLabel;
  return i18n.exists(`casework:stage.${stage}`) ? t(`stage.${stage}`) : serverLabel;
}
