// Linked grievances: staff who may update two grievances mark them as linked
// (a duplicate kept on purpose, a cross case); each grievance's screen then lists the
// other. The calls are in api/links.ts.
import { i18n } from '../../../i18n';

/** A grievance number as the server writes it: GRV-YYYY-NNNNNN. */
export const GRIEVANCE_NUMBER = /^GRV-\d{4}-\d{6}$/;

/** 'Enter a grievance number' / '... like GRV-2025-000123', or null when it reads as one. */
export function numberProblem(number: string): string | null {
  if (!number) return i18n.t('casework:links.numberRequired');
  return GRIEVANCE_NUMBER.test(number) ? null : i18n.t('casework:links.numberInvalid');
}
