// Calls of linked grievances (GET/POST /grievances/{id}/links, DELETE .../links/{other})
// and the shapes they carry. The server lists only those the reader may see.
import { api } from '../../../../api/client';
import type { components } from '../../../../api/schema';
import type { GrievanceRow } from '../../../../api/types';
import { lookUp, lookupPath } from '../../number-lookup/api/lookup';
import { grievanceKey } from '../../api/grievances';

type Schemas = components['schemas'];

/** A linked grievance as the detail screen lists it. */
export type LinkedGrievance = Schemas['LinkedGrievance'];
/** GET/POST /grievances/{id}/links and DELETE .../links/{other}: the list as it stands. */
export type LinkedListEnvelope = Schemas['Envelope_Vec_LinkedGrievance'];
/** POST /grievances/{id}/links: the grievance to link this one to. */
export type LinkRequest = Schemas['LinkRequest'];

/** SWR key of the grievances linked to one. */
export const linksKey = (id: number | string) => `${grievanceKey(id)}/links`;

export const linksApi = {
  /**
   * The grievance numbered `number` (exactly, whatever the capitals) among those the user
   * may see, or null: one lookup through the server's index of numbers, whatever the
   * number of grievances.
   */
  findByNumber: async (number: string): Promise<GrievanceRow | null> => {
    const found = await lookUp(lookupPath(number, 'exact', 5));
    // An exact FIR number may name another grievance too: the one whose grievance number it is.
    return found.find((g) => g.grievance_number.toUpperCase() === number) ?? null;
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
