import useSWR from 'swr';
import { api } from '../../../api/client';
import { toAuditEntries, type AuditEntry } from '../audit-record';

// The records are checked and shaped as they arrive: a body that is not a list of records
// fails the read (InvalidAuditData) rather than the screen.
const fetchEntries = async (path: string): Promise<AuditEntry[]> => toAuditEntries(await api.get<unknown>(path));

/**
 * One page of Audit History at `path` (an `/audit/all?...` path from auditPath), nothing
 * asked while it is null. The page shown stays while the next one is read.
 */
export function useAuditRecords(path: string | null) {
  return useSWR<AuditEntry[]>(path, fetchEntries, { keepPreviousData: true });
}
