import useSWR from 'swr';
import type { PendencyLimitsView } from '../../../api/types';
import { PENDENCY_LIMITS_KEY } from './settings';

/** The pendency limits, per priority and stage. */
export function usePendencyLimits() {
  return useSWR<PendencyLimitsView>(PENDENCY_LIMITS_KEY);
}
