import useSWR from 'swr';
import type { EscalationRules } from '../../../api/types';
import { ESCALATION_RULES_KEY } from './settings';

/** How long an overdue grievance waits before each level of escalation. */
export function useEscalationRules() {
  return useSWR<EscalationRules>(ESCALATION_RULES_KEY);
}
