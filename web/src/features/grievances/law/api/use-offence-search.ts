import useSWR from 'swr';
import type { components } from '../../../../api/schema';

type Offence = components['schemas']['Offence'];

/** SWR key of the reference list's offences a type-ahead text finds. */
export const offencesKey = (text: string) => `/law/offences?q=${encodeURIComponent(text)}&limit=8`;

/**
 * The reference list's offences `text` finds, best first; nothing is asked for a blank text.
 * The offences found stay while the next text's are read.
 */
export function useOffenceSearch(text: string) {
  const asked = text.trim();
  const { data, error, isLoading } = useSWR<Offence[]>(asked ? offencesKey(asked) : null, { keepPreviousData: true });
  return { offences: Array.isArray(data) ? data : [], error, isLoading };
}
