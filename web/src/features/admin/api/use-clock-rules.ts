import useSWR from 'swr';
import { CLOCK_RULES_KEY, type ClockRulesView } from './clock-rules';

/** The rules in force and the revision they were saved at. */
export function useClockRules() {
  return useSWR<ClockRulesView>(CLOCK_RULES_KEY);
}
