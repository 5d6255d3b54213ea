import useSWR from 'swr';
import { satisfactionPath, type Period, type SatisfactionReport } from '../report-data';

/** The complainants' ratings given over `period`, per police station, as the server counts them. */
export function useSatisfactionReport(period: Period) {
  return useSWR<SatisfactionReport>(satisfactionPath(period));
}
