import useSWR from 'swr';
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';

export type Verification = components['schemas']['Verification'];

/** The verify call for the same filters and page as `recordsPath` (an `/audit/all?...` path). */
export function verifyPath(recordsPath: string): string {
  return recordsPath.replace(/^\/audit\/all/, '/audit/verify');
}

/** Whether the chains of the records at `recordsPath` hold; nothing asked while it is null. */
export function useAuditVerification(recordsPath: string | null) {
  return useSWR<Verification>(recordsPath ? verifyPath(recordsPath) : null, (path: string) => api.get<Verification>(path));
}
