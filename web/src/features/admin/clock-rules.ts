// The Admin Panel's statutory clock rules (GET /admin/clock-rules, PUT /admin/clock-rules/{id},
// POST /admin/clock-rules): each duty the law puts on a clock, as data an Admin changes when
// the law or a state order does.
import useSWR from 'swr';
import { api } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type ClockRule = Schemas['ClockRule'];
export type ClockRulesView = Schemas['ClockRulesView'];
export type ClockRuleForm = Schemas['ClockRuleForm'];
export type ClockStart = Schemas['ClockStart'];

export const CLOCK_RULES_KEY = '/admin/clock-rules';

/** The rules in force and the revision they were saved at. */
export function useClockRules() {
  return useSWR<ClockRulesView>(CLOCK_RULES_KEY);
}

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

export const clockRulesApi = {
  change: (id: string, body: ClockRuleForm) => api.put<ClockRule>(`${CLOCK_RULES_KEY}/${encodeURIComponent(id)}`, body),
  add: (body: ClockRuleForm) => api.post<ClockRule>(CLOCK_RULES_KEY, body),
};
