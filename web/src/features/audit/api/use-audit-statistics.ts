import useSWR from 'swr';
import type { AuditStatistics } from '../../../api/types';

export const STATS_KEY = '/audit/statistics';

/** The audit summary's figures, asked only when `enabled` (the caller holds a token). */
export function useAuditStatistics(enabled: boolean) {
  return useSWR<AuditStatistics>(enabled ? STATS_KEY : null);
}
