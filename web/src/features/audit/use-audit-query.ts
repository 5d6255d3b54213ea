// The Audit History's query, kept in the screen's address: a reload, a shared link or Back
// shows the same search, filters and page. Typing changes the address in place; any other
// change (a filter, a page) is a step Back returns from.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { auditQueryReducer, paramsOfQuery, queryFromParams, type AuditEvent, type AuditQuery } from './audit-query';

export function useAuditQuery(): [AuditQuery, (event: AuditEvent) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const dispatch = useCallback(
    (event: AuditEvent) => setParams((current) => paramsOfQuery(auditQueryReducer(queryFromParams(current), event)), { replace: event.type === 'search' }),
    [setParams],
  );
  return [query, dispatch];
}
