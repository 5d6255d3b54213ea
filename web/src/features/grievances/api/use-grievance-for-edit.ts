import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import type { GrievanceEnvelope, GrievanceView as Grievance } from '../../../api/types';
import { i18n } from '../../../i18n';
import { grievanceKey } from './grievances';

/** Loads the grievance being edited, fresh from the server (not from a cache a stale edit could start from). */
export function useGrievanceForEdit(id: string | undefined) {
  const [state, setState] = useState<{ grievance: Grievance | null; error: unknown; loading: boolean }>({
    grievance: null,
    error: null,
    loading: id !== undefined,
  });
  const load = useCallback(async () => {
    if (id === undefined) return null;
    setState((current) => ({ ...current, loading: true, error: null }));
    try {
      if (!/^\d+$/.test(id)) throw new ApiError(404, 'Not Found', { error: i18n.t('grievances:detail.notFound') });
      const { data } = await api.get<GrievanceEnvelope>(grievanceKey(id));
      setState({ grievance: data, error: null, loading: false });
      return data;
    } catch (error) {
      setState({ grievance: null, error, loading: false });
      return null;
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  return { ...state, reload: load };
}
