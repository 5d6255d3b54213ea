// What the Audit History asks for: page
// size 100 at first, 50 after Clear All (and as the filter field's default),
// and the offset back to 0 on any filter change. The search runs on the
// server, over the whole trail the user may read, not only the page shown.
import { ApiError, NetworkError } from '../../api/errors';
import type { AuditAction } from '../../api/types';
import { getToken } from '../../api/token-store';
import { i18n } from '../../i18n';
import { InvalidAuditData } from './audit-record';

export const INITIAL_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;
export const PAGE_SIZES = [25, 50, 100, 200] as const;

export interface AuditFilters {
  /** Grievance number, user, or text in the changes; sent trimmed. */
  search: string;
  action: string;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD */
  endDate: string;
  /** Administrative changes, grievance changes, or both (''). */
  kind: AuditKind;
  limit: number;
}

/** Audit History's choice of records: `admin` (lists, limits, roles, users, resets) or `grievance`. */
export type AuditKind = '' | 'admin' | 'grievance';
export const KINDS: readonly AuditKind[] = ['', 'admin', 'grievance'];

export interface AuditQuery extends AuditFilters {
  offset: number;
}

export const INITIAL_QUERY: AuditQuery = { search: '', action: '', startDate: '', endDate: '', kind: '', limit: INITIAL_PAGE_SIZE, offset: 0 };
export const CLEARED_FILTERS: AuditFilters = { search: '', action: '', startDate: '', endDate: '', kind: '', limit: DEFAULT_PAGE_SIZE };

/** The longest search the server takes. */
export const MAX_SEARCH = 100;

export type AuditEvent =
  | { type: 'action'; action: string }
  | { type: 'kind'; kind: AuditKind }
  | { type: 'search'; search: string }
  | { type: 'apply'; filters: AuditFilters }
  | { type: 'clear' }
  | { type: 'next' }
  | { type: 'previous' };

export function auditQueryReducer(state: AuditQuery, event: AuditEvent): AuditQuery {
  switch (event.type) {
    case 'action':
      return { ...state, action: event.action, offset: 0 };
    case 'kind':
      return { ...state, kind: event.kind, offset: 0 };
    case 'search':
      return event.search.trim() === state.search.trim() ? state : { ...state, search: event.search, offset: 0 };
    case 'apply':
      return { ...event.filters, offset: 0 };
    case 'clear':
      return { ...CLEARED_FILTERS, offset: 0 };
    case 'next':
      return { ...state, offset: state.offset + state.limit };
    case 'previous':
      return { ...state, offset: Math.max(0, state.offset - state.limit) };
  }
}

/**
 * The query a screen address holds (`/audit?search=…&action=…`): what is left out is the
 * first screen's (no filters, 100 a page, from the first record). A value that cannot be one
 * (a page size not offered, a kind not known, a negative offset) is read as left out.
 */
export function queryFromParams(params: URLSearchParams): AuditQuery {
  const limit = Number(params.get('limit'));
  const offset = Number(params.get('offset'));
  const kind = params.get('kind') ?? '';
  return {
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH),
    action: params.get('action') ?? '',
    startDate: params.get('startDate') ?? '',
    endDate: params.get('endDate') ?? '',
    kind: (KINDS as readonly string[]).includes(kind) ? (kind as AuditKind) : '',
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : INITIAL_PAGE_SIZE,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

/** The screen address's parameters of `query`, which [`queryFromParams`] reads back. */
export function paramsOfQuery(query: AuditQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.action) params.set('action', query.action);
  if (query.startDate) params.set('startDate', query.startDate);
  if (query.endDate) params.set('endDate', query.endDate);
  if (query.kind) params.set('kind', query.kind);
  if (query.limit !== INITIAL_PAGE_SIZE) params.set('limit', String(query.limit));
  if (query.offset > 0) params.set('offset', String(query.offset));
  return params;
}

/** GET /audit/all with the query; empty filters are left out. */
export function auditPath(query: AuditQuery): string {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.search.trim()) params.set('search', query.search.trim());
  if (query.action) params.set('action', query.action);
  if (query.startDate) params.set('startDate', query.startDate);
  if (query.endDate) params.set('endDate', query.endDate);
  if (query.kind) params.set('kind', query.kind);
  return `/audit/all?${params.toString()}`;
}

/** 'Please log in to view audit records.' in the current language. */
export const noTokenText = (): string => i18n.t('audit:noToken');
const loadFailed = (): string => i18n.t('audit:loadFailed');

/** The audit screen's message for a failed load. */
export function auditErrorText(error: unknown, hasToken: boolean = getToken() !== null): string {
  if (!hasToken) return noTokenText();
  if (error instanceof InvalidAuditData) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 401) return i18n.t('audit:status401');
    if (error.status === 403) return i18n.t('audit:status403');
    if (error.status === 404) return i18n.t('audit:status404');
    return error.serverMessage ?? loadFailed();
  }
  if (error instanceof NetworkError) return loadFailed();
  if (error instanceof Error && error.message) return error.message;
  return loadFailed();
}

/** The legacy lowercase actions offered besides the current ones. */
export const LEGACY_ACTIONS = ['created', 'updated', 'deleted'] as const;
export const ACTIONS: readonly AuditAction[] = [
  'CREATED',
  'UPDATED',
  'DELETED',
  'RESTORED',
  'PURGED',
  'STATUS_CHANGED',
  'PRIORITY_CHANGED',
  'ASSIGNED',
  'RESOLVED',
  'CLOSED',
  'REOPENED',
  'EXPORTED',
  'TRANSFERRED',
  'CLOSURE_REQUESTED',
  'CLOSURE_APPROVED',
  'CLOSURE_RETURNED',
  'ESCALATED',
  'LINKED',
  'UNLINKED',
  'CLOCK_ACTION_RECORDED',
  'IDENTITY_REVEALED',
  'PROGRESS_RECORDED',
  'SMS_SENT',
  'SMS_FAILED',
  'CITIZEN_VIEWED',
  'FEEDBACK_RECEIVED',
  'APPEAL_DECIDED',
  'APPEAL_ESCALATED',
  'RESTORED',
  'PURGED',
  'GRANT_REFUSED',
  'LIST_ITEM_CREATED',
  'LIST_ITEM_UPDATED',
  'LIST_ITEM_DELETED',
  'PENDENCY_LIMITS_CHANGED',
  'TRANSFER_LIMIT_CHANGED',
  'ESCALATION_RULES_CHANGED',
  'LAW_SETTINGS_CHANGED',
  'CITIZEN_SETTINGS_CHANGED',
  'TRASH_RETENTION_CHANGED',
  'VIEWS_PUBLISHED',
  'IMPORTED',
  'ROLE_CREATED',
  'ROLE_UPDATED',
  'ROLE_DELETED',
  'USER_CREATED',
  'USER_UPDATED',
  'USER_DELETED',
  'PASSWORD_RESET',
  'TWO_FACTOR_RESET',
];
