// Duplicate warnings: while a grievance is typed, the server is asked which
// grievances the user may see it could repeat: the same FIR number at the same police
// station in the same year (saving it needs the user's word that it is another case,
// `confirm_duplicate`; without it the server refuses with 409 DUPLICATE_FIR), and recent
// cases of the station whose brief details read alike (a warning only).
import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client';
import type { Duplicate, DuplicateProbe, Duplicates } from '../../../api/types';
import type { GrievanceFormValues } from '../grievance-form';

/** The server's code for a FIR number already recorded at the station that year (409). */
export const DUPLICATE_FIR_CODE = 'DUPLICATE_FIR';

export const DUPLICATES_PATH = '/grievances/duplicates';

/** Pause in typing before the server is asked. */
export const CHECK_DELAY_MS = 400;

/** Brief details are compared once they hold this many words. */
export const MIN_BRIEF_WORDS = 3;

export const duplicatesApi = {
  check: (probe: DuplicateProbe) => api.post<Duplicates>(DUPLICATES_PATH, probe),
};

/** Words as the server counts them: runs of letters (vowel signs included) and digits. */
export function wordCount(text: string): number {
  return text.split(/[^\p{Alphabetic}\p{N}]+/u).filter(Boolean).length;
}

type FirFields = Partial<Pick<GrievanceFormValues, 'police_station' | 'fir_no' | 'fir_date'>>;

/**
 * What makes two FIRs the same to the server: the police station, the FIR number in any
 * capitals and the FIR date's year.
 */
export function firKey({ police_station = '', fir_no = '', fir_date = '' }: FirFields): string {
  return [police_station.trim(), fir_no.trim().toUpperCase(), fir_date.slice(0, 4)].join('\n');
}

/**
 * What the server is asked with the form's values (`id`: the grievance being edited), or
 * null when there is nothing to compare yet: a police station and either a FIR number or
 * brief details of a few words (the server compares nothing without a station).
 */
export function probeOf(values: GrievanceFormValues, id?: number): DuplicateProbe | null {
  const probe: DuplicateProbe = {
    police_station: values.police_station.trim(),
    fir_no: values.fir_no.trim(),
    fir_date: values.fir_date,
    brief_details: values.brief_details.trim(),
  };
  if (id !== undefined) probe.id = id;
  const byFir = probe.fir_no !== '';
  const byText = wordCount(probe.brief_details ?? '') >= MIN_BRIEF_WORDS;
  return probe.police_station !== '' && (byFir || byText) ? probe : null;
}

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
