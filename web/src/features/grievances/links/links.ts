// Linked grievances (issue 17): staff who may update two grievances mark them as linked
// (a duplicate kept on purpose, a cross case); each grievance's screen then lists the
// other. The server lists only those the reader may see.
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';
import type { GrievancePage, GrievanceView } from '../../../api/types';
import { i18n } from '../../../i18n';
import { grievanceKey } from '../api';

type Schemas = components['schemas'];

/** A linked grievance as the detail screen lists it. */
export type LinkedGrievance = Schemas['LinkedGrievance'];
/** GET/POST /grievances/{id}/links and DELETE .../links/{other}: the list as it stands. */
export type LinkedListEnvelope = Schemas['Envelope_Vec_LinkedGrievance'];
/** POST /grievances/{id}/links: the grievance to link this one to. */
export type LinkRequest = Schemas['LinkRequest'];

/** SWR key of the grievances linked to one. */
export const linksKey = (id: number | string) => `${grievanceKey(id)}/links`;

/** A grievance number as the server writes it: GRV-YYYY-NNNNNN. */
export const GRIEVANCE_NUMBER = /^GRV-\d{4}-\d{6}$/;

/** What was typed, as a grievance number is written (spaces dropped, capitals). */
export const normaliseNumber = (typed: string): string => typed.trim().toUpperCase();

/** 'Enter a grievance number' / '... like GRV-2025-000123', or null when it reads as one. */
export function numberProblem(number: string): string | null {
  if (!number) return i18n.t('casework:links.numberRequired');
  return GRIEVANCE_NUMBER.test(number) ? null : i18n.t('casework:links.numberInvalid');
}

/** How many steps a search the server answers in bounded steps is followed to find the number. */
const MAX_SEARCH_STEPS = 10;

export const linksApi = {
  /**
   * The grievance numbered `number` (exactly) among those the user may see, or null:
   * the list searched for it, five at a time, its cursor followed while the number's
   * own grievance has not come up (a search may match other text that holds it).
   */
  findByNumber: async (number: string): Promise<GrievanceView | null> => {
    let cursor: string | null | undefined;
    for (let step = 0; step < MAX_SEARCH_STEPS; step += 1) {
      const query = new URLSearchParams({ search: number, limit: '5' });
      if (cursor) query.set('cursor', cursor);
      const page = await api.get<GrievancePage>(`/grievances?${query.toString()}`);
      const found = (page.data ?? []).find((g) => g.grievance_number.toUpperCase() === number);
      if (found) return found;
      if (!page.next_cursor || page.next_cursor === cursor) return null;
      cursor = page.next_cursor;
    }
    return null;
  },
  /** POST /grievances/{id}/links: the list with `other` linked. */
  link: async (id: number, other: number): Promise<LinkedGrievance[]> => {
    const body: LinkRequest = { grievance_id: other };
    return (await api.post<LinkedListEnvelope>(linksKey(id), body)).data;
  },
  /** DELETE /grievances/{id}/links/{other}: the list without it. */
  unlink: async (id: number, other: number): Promise<LinkedGrievance[]> =>
    (await api.delete<LinkedListEnvelope>(`${linksKey(id)}/${other}`)).data,
};
