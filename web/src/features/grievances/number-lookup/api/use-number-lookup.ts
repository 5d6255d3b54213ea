import useSWR from 'swr';
import { exactNumberKey, lookUp } from './lookup';

/**
 * The grievances whose grievance number or FIR number is exactly the searched text; nothing
 * is asked while the text cannot be a whole number.
 */
export function useExactNumber(search: string) {
  return useSWR(exactNumberKey(search), lookUp);
}
