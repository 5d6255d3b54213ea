// Withholding a case from the state's public list of FIRs (the publication export), or
// publishing it again: only for holders of grievances withhold_publication, with a stated reason
// the server keeps on the case and records in its history.
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';
import type { GrievanceEnvelope, GrievanceView } from '../../../api/types';
import { grievanceKey } from '../api/grievances';

type WithholdForm = components['schemas']['WithholdForm'];

export const publicationApi = {
  /** PUT /grievances/{id}/publication: the grievance withheld (true) or published again (false). */
  withhold: async (id: number, withheld: boolean, reason: string): Promise<GrievanceView> => {
    const body: WithholdForm = { withheld, reason: reason.trim() };
    return (await api.put<GrievanceEnvelope>(`${grievanceKey(id)}/publication`, body)).data;
  },
};
