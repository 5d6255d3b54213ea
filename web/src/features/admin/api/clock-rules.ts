// Calls of the Admin Panel's statutory clock rules (GET /admin/clock-rules,
// PUT /admin/clock-rules/{id}, POST /admin/clock-rules) and the shapes they carry.
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

export type ClockRule = Schemas['ClockRule'];
export type ClockRulesView = Schemas['ClockRulesView'];
export type ClockRuleForm = Schemas['ClockRuleForm'];
export type ClockStart = Schemas['ClockStart'];

export const CLOCK_RULES_KEY = '/admin/clock-rules';

export const clockRulesApi = {
  change: (id: string, body: ClockRuleForm) => api.put<ClockRule>(`${CLOCK_RULES_KEY}/${encodeURIComponent(id)}`, body),
  add: (body: ClockRuleForm) => api.post<ClockRule>(CLOCK_RULES_KEY, body),
};
