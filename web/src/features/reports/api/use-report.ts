import useSWR from 'swr';
import { reportPath, type Period, type ReportName } from '../report-data';

/** Report `name` over `period` (its filing-date range), as the server figures it. */
export function useReport<T>(name: ReportName, period: Period) {
  return useSWR<T>(reportPath(name, period));
}
