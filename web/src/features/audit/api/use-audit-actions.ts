import useSWR from 'swr';
import type { AuditAction } from '../../../api/types';

export const ACTIONS_KEY = '/audit/actions';

/** The actions the server records, for the action filter; asked only when `enabled` (the caller holds a token). */
export function useAuditActions(enabled: boolean) {
  return useSWR<AuditAction[]>(enabled ? ACTIONS_KEY : null);
}
