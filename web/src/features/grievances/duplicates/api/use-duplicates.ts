import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import type { Duplicate, DuplicateProbe, Duplicates } from '../../../../api/types';
import { firKey } from '../duplicates';
import { DUPLICATES_PATH, duplicatesApi } from './duplicates';

/** Pause in typing before the server is asked. */
export const CHECK_DELAY_MS = 400;

interface Answer {
  probe: DuplicateProbe;
  duplicates: Duplicates;
}

async function ask(key: string): Promise<Answer> {
  const probe = JSON.parse(key) as DuplicateProbe;
  return { probe, duplicates: await duplicatesApi.check(probe) };
}

export interface DuplicateCheck {
  /** Grievances with the same FIR number at the station that year, as last answered for these values. */
  sameFir: Duplicate[];
  /** Recent cases of the station whose brief details read alike, as last answered. */
  similar: Duplicate[];
  /** Asks again at once, with the values as they are now (after the server refused a duplicate). */
  refresh: () => void;
}

const NONE: Duplicate[] = [];

/**
 * The likely duplicates of what the form holds, asked for after a pause in typing. An answer
 * counts only for the values it was asked with: the same-FIR list for the same station,
 * number and year, the similar list for the same station (it stays while the text is typed).
 */
export function useDuplicates(probe: DuplicateProbe | null): DuplicateCheck {
  const key = probe === null ? null : JSON.stringify(probe);
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (key === asked) return;
    const timer = window.setTimeout(() => setAsked(key), CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, asked]);

  const { data, mutate } = useSWR(asked === null ? null : [DUPLICATES_PATH, asked], ([, text]: [string, string]) => ask(text), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });

  const refresh = useCallback(() => {
    if (key === null) return;
    if (key === asked) void mutate();
    else setAsked(key);
  }, [key, asked, mutate]);

  if (!probe || !data) return { sameFir: NONE, similar: NONE, refresh };
  const sameStation = data.probe.police_station === probe.police_station;
  const sameFir = firKey(data.probe) === firKey(probe);
  return {
    sameFir: sameFir ? data.duplicates.same_fir : NONE,
    similar: sameStation ? data.duplicates.similar : NONE,
    refresh,
  };
}
