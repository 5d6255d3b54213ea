import { ApiError, NetworkError } from '../../api/errors';
import { InvalidAuditData } from './audit-record';
import { ACTIONS, auditErrorText, auditPath, auditQueryReducer, INITIAL_QUERY, paramsOfQuery, queryFromParams } from './audit-query';

describe('audit query', () => {
  it('starts at 100 per page from offset 0', () => {
    expect(INITIAL_QUERY).toEqual({ search: '', action: '', startDate: '', endDate: '', kind: '', limit: 100, offset: 0 });
    expect(auditPath(INITIAL_QUERY)).toBe('/audit/all?limit=100&offset=0');
  });

  it('pages by the page size and never below 0', () => {
    const next = auditQueryReducer(INITIAL_QUERY, { type: 'next' });
    expect(next.offset).toBe(100);
    expect(auditQueryReducer(next, { type: 'previous' }).offset).toBe(0);
    expect(auditQueryReducer(INITIAL_QUERY, { type: 'previous' }).offset).toBe(0);
  });

  it('resets the offset to 0 on any filter change', () => {
    const paged = auditQueryReducer(auditQueryReducer(INITIAL_QUERY, { type: 'next' }), { type: 'next' });
    expect(paged.offset).toBe(200);
    expect(auditQueryReducer(paged, { type: 'action', action: 'UPDATED' })).toMatchObject({ action: 'UPDATED', offset: 0, limit: 100 });
    expect(
      auditQueryReducer(paged, { type: 'apply', filters: { search: '', action: '', startDate: '2025-01-01', endDate: '2025-01-31', kind: 'admin', limit: 25 } }),
    ).toEqual({ search: '', action: '', startDate: '2025-01-01', endDate: '2025-01-31', kind: 'admin', limit: 25, offset: 0 });
    expect(auditQueryReducer(paged, { type: 'search', search: 'GRV-2021-000005' })).toMatchObject({ search: 'GRV-2021-000005', offset: 0 });
  });

  it('goes to 50 per page after Clear All', () => {
    const filtered = { search: 'ravi', action: 'DELETED', startDate: '2025-01-01', endDate: '', kind: 'grievance' as const, limit: 100, offset: 300 };
    expect(auditQueryReducer(filtered, { type: 'clear' })).toEqual({ search: '', action: '', startDate: '', endDate: '', kind: '', limit: 50, offset: 0 });
  });

  it('sends the filters as query parameters with dates as YYYY-MM-DD', () => {
    expect(auditPath({ search: '', action: 'created', startDate: '2025-01-01', endDate: '2025-02-01', kind: '', limit: 50, offset: 50 })).toBe(
      '/audit/all?limit=50&offset=50&action=created&startDate=2025-01-01&endDate=2025-02-01',
    );
  });

  it('sends the search trimmed, and a search of spaces as none', () => {
    expect(auditPath({ ...INITIAL_QUERY, search: ' GRV-2021-000005 ' })).toBe('/audit/all?limit=100&offset=0&search=GRV-2021-000005');
    expect(auditPath({ ...INITIAL_QUERY, search: '   ' })).toBe('/audit/all?limit=100&offset=0');
  });

  it('asks for administrative or grievance changes, back to the first page', () => {
    const paged = { ...INITIAL_QUERY, offset: 200 };
    const admin = auditQueryReducer(paged, { type: 'kind', kind: 'admin' });
    expect(admin).toMatchObject({ kind: 'admin', offset: 0 });
    expect(auditPath(admin)).toBe('/audit/all?limit=100&offset=0&kind=admin');
    expect(auditPath({ ...INITIAL_QUERY, kind: 'grievance' })).toBe('/audit/all?limit=100&offset=0&kind=grievance');
    expect(auditPath(auditQueryReducer(admin, { type: 'kind', kind: '' }))).toBe('/audit/all?limit=100&offset=0');
  });

  it('offers the reveal of a protected identity among the grievance actions, and asks for it by its name', () => {
    expect(ACTIONS).toContain('IDENTITY_REVEALED');
    expect(auditPath({ ...INITIAL_QUERY, action: 'IDENTITY_REVEALED' })).toBe('/audit/all?limit=100&offset=0&action=IDENTITY_REVEALED');
  });

  it("offers the complainant's side among the actions: progress, SMS, views, feedback, appeals and their settings", () => {
    const citizen = ['PROGRESS_RECORDED', 'SMS_SENT', 'SMS_FAILED', 'CITIZEN_VIEWED', 'FEEDBACK_RECEIVED', 'APPEAL_DECIDED', 'APPEAL_ESCALATED', 'CITIZEN_SETTINGS_CHANGED'] as const;
    expect(ACTIONS).toEqual(expect.arrayContaining([...citizen]));
    expect(auditPath({ ...INITIAL_QUERY, action: 'SMS_FAILED' })).toBe('/audit/all?limit=100&offset=0&action=SMS_FAILED');
  });

  it('keeps the page when the search changes only by spaces', () => {
    const paged = { ...INITIAL_QUERY, search: 'ravi', offset: 100 };
    expect(auditQueryReducer(paged, { type: 'search', search: 'ravi ' })).toBe(paged);
  });
});

describe('the query in the screen address', () => {
  it('reads back what it writes, leaving out the first screen\'s values', () => {
    expect(paramsOfQuery(INITIAL_QUERY).toString()).toBe('');
    expect(queryFromParams(new URLSearchParams())).toEqual(INITIAL_QUERY);
    const query = { search: ' ravi ', action: 'CREATED', startDate: '2025-01-01', endDate: '2025-01-31', kind: 'admin' as const, limit: 25, offset: 50 };
    expect(paramsOfQuery(query).toString()).toBe('search=+ravi+&action=CREATED&startDate=2025-01-01&endDate=2025-01-31&kind=admin&limit=25&offset=50');
    expect(queryFromParams(paramsOfQuery(query))).toEqual(query);
  });

  it('reads a value it cannot hold as left out', () => {
    const query = queryFromParams(new URLSearchParams('limit=7&offset=-3&kind=secret&search=' + 'x'.repeat(150)));
    expect([query.limit, query.offset, query.kind, query.search.length]).toEqual([100, 0, '', 100]);
  });
});

describe('audit error messages', () => {
  const api = (status: number, body: unknown = null) => new ApiError(status, '', body);

  it('asks to log in when there is no token', () => {
    expect(auditErrorText(api(500), false)).toBe('Please log in to view audit records.');
  });

  it('maps 401, 403 and 404', () => {
    expect(auditErrorText(api(401, { error: 'Session expired' }), true)).toBe(
      'Authentication required. Please log in to view audit records.',
    );
    expect(auditErrorText(api(403, { error: 'Forbidden' }), true)).toBe(
      'Access denied. You do not have permission to view audit records.',
    );
    expect(auditErrorText(api(404), true)).toBe('Audit endpoint not found. Please check if the server is running.');
  });

  it("prefers the server's text, then the error's message, then the fallback", () => {
    expect(auditErrorText(api(400, { error: 'Invalid date range' }), true)).toBe('Invalid date range');
    expect(auditErrorText(api(500), true)).toBe('Failed to load audit data. Please check your connection and try again.');
    expect(auditErrorText(new NetworkError(), true)).toBe(
      'Failed to load audit data. Please check your connection and try again.',
    );
    expect(auditErrorText(new Error('Something odd'), true)).toBe('Something odd');
    expect(auditErrorText(undefined, true)).toBe('Failed to load audit data. Please check your connection and try again.');
  });

  it("says 'Invalid data received from server' for a non-list answer", () => {
    expect(auditErrorText(new InvalidAuditData(), true)).toBe('Invalid data received from server');
  });
});

