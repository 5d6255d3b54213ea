// The Admin Panel's statutory clock rules: each duty the law puts on a clock, as data an
// Admin changes when the law or a state order does. The calls are in api/clock-rules.ts.
import type { ClockRule, ClockRuleForm, ClockStart } from './api/clock-rules';

export const CLOCK_STARTS: ClockStart[] = ['information_recorded', 'efir_received', 'enquiry_opened', 'medical_examination_done'];

/** A rule as its dialog edits it: the sections as one comma-separated text. */
export interface RuleDraft {
  id: string;
  name: string;
  name_hi: string;
  starts: ClockStart;
  sections: string;
  period: string;
  repeats: boolean;
  met_by: ClockRule['met_by'];
  ends_when_decided: boolean;
  from: string;
  source: string;
  active: boolean;
}

export function draftOf(rule: ClockRule | null): RuleDraft {
  return {
    id: rule?.id ?? '',
    name: rule?.name ?? '',
    name_hi: rule?.name_hi ?? '',
    starts: rule?.starts ?? 'information_recorded',
    sections: (rule?.sections ?? []).join(', '),
    period: rule?.period ?? '',
    repeats: rule?.repeats ?? false,
    met_by: rule?.met_by ?? 'investigation_completed',
    ends_when_decided: rule?.ends_when_decided ?? true,
    from: rule?.from ?? '2024-07-01',
    source: rule?.source ?? '',
    active: rule?.active ?? true,
  };
}

/** What the server is sent: the sections split at commas, blanks dropped. */
export function formOf(draft: RuleDraft): ClockRuleForm {
  return {
    ...draft,
    sections: draft.sections
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
