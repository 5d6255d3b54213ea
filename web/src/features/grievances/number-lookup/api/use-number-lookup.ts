import useSWR from 'swr';
import { lookUp, lookupKey } from './lookup';

/**
 * The grievances whose grievance or FIR number starts with `text` (from lookupText); nothing
 * is asked while it is too short or cannot be a number. The numbers offered stay while the
 * next ones are read.
 */
export function useNumberLookup(text: string) {
  return useSWR(lookupKey(text), lookUp, { keepPreviousData: true });
}
