// The duplicate check's call (POST /grievances/duplicates): the grievances the user may see
// that what is typed could repeat.
import { api } from '../../../../api/client';
import type { DuplicateProbe, Duplicates } from '../../../../api/types';

export const DUPLICATES_PATH = '/grievances/duplicates';

export const duplicatesApi = {
  check: (probe: DuplicateProbe) => api.post<Duplicates>(DUPLICATES_PATH, probe),
};
