import useSWR from 'swr';
import type { PerformanceMetrics } from '../../../api/types';

export const METRICS_KEY = '/admin/performance-metrics';

/** The performance metrics panel's figures: resolution times and rates, overdue cases, each police station's record. */
export function usePerformanceMetrics() {
  return useSWR<PerformanceMetrics>(METRICS_KEY);
}
