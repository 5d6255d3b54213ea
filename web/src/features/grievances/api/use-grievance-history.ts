import useSWR from 'swr';
import { api } from '../../../api/client';
import { historyEntries, type AuditEntry } from '../../audit/audit-record';
import { historyKey } from './grievances';

// The records are read as Audit History reads them, so that the timeline and the transfers
// show the same entries; a body that is not a list of records fails the read.
const fetchHistory = async (path: string): Promise<AuditEntry[]> => historyEntries(await api.get<unknown>(path));

/** The grievance's audit history, newest first, read once for every section that shows part of it. */
export const useGrievanceHistory = (id: number) => useSWR<AuditEntry[]>(historyKey(id), fetchHistory);
