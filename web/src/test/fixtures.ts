import type { ListItem, Notice, PermissionEntry, SessionUser } from '../api/types';

export function entry(resource: PermissionEntry['resource'], flags: Partial<Omit<PermissionEntry, 'resource'>> = {}): PermissionEntry {
  return {
    resource,
    can_create: false,
    can_read: false,
    can_view_all: false,
    can_update: false,
    can_delete: false,
    ...flags,
  };
}

/** An admin-list item, active, ordered by its id unless told otherwise. */
export function listItem(id: number, name: string, extra: Partial<ListItem> = {}): ListItem {
  return { id, name, description: '', display_order: id, is_active: true, created_at: '', updated_at: '', ...extra };
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    name: 'Asha Verma',
    email: 'asha@police.test',
    role_id: 3,
    role_name: 'Inspector',
    permissions: [entry('grievances', { can_read: true, can_create: true })],
    department: 'Crime Branch',
    designation: 'Inspector',
    phone: '+91 98765 43210',
    two_factor_enabled: false,
    two_factor_required: false,
    posting: { level: 'state' },
    ...overrides,
  };
}

/** An unread notification: Ravi Kumar assigned GRV-2025-000015 to the reader. */
export function makeNotice(overrides: Partial<Notice> = {}): Notice {
  return {
    id: 'n1',
    kind: 'assigned',
    grievanceId: 15,
    grievanceNumber: 'GRV-2025-000015',
    actorName: 'Ravi Kumar',
    at: '2025-02-10T06:30:00Z',
    read: false,
    ...overrides,
  };
}

export const adminUser = makeUser({ id: 1, name: 'E2E Admin', role_id: 1, role_name: 'Admin', permissions: [] });

/** A fetch Response carrying JSON. */
export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces global fetch with a mock; returns it. */
export function mockFetch(impl: (url: string, init?: RequestInit) => Promise<Response> | Response) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => impl(String(input), init));
  vi.stubGlobal('fetch', fn);
  return fn;
}
