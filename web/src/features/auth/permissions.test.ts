import { entry, makeUser } from '../../test/fixtures';
import { hasPermission, permits } from './permissions';

describe('permission helper', () => {
  describe('entry list shape', () => {
    const perms = [
      entry('grievances', { can_read: true, can_create: true, can_view_all: true }),
      entry('users', { can_read: true }),
    ];

    it('grants exactly the flags that are set', () => {
      expect(permits(perms, 'grievances', 'read')).toBe(true);
      expect(permits(perms, 'grievances', 'create')).toBe(true);
      expect(permits(perms, 'grievances', 'view_all')).toBe(true);
      expect(permits(perms, 'grievances', 'update')).toBe(false);
      expect(permits(perms, 'grievances', 'delete')).toBe(false);
      expect(permits(perms, 'users', 'read')).toBe(true);
      expect(permits(perms, 'users', 'delete')).toBe(false);
    });

    it("reads approve (closure requests) from can_approve, off when left out", () => {
      expect(permits(perms, 'grievances', 'approve')).toBe(false);
      expect(permits([entry('grievances', { can_read: true, can_approve: true })], 'grievances', 'approve')).toBe(true);
    });

    it('reads view_identities (sensitive identities) from can_view_identities, off when left out', () => {
      expect(permits(perms, 'grievances', 'view_identities')).toBe(false);
      const revealer = [entry('grievances', { can_read: true, can_view_identities: true })];
      expect(permits(revealer, 'grievances', 'view_identities')).toBe(true);
      expect(permits(revealer, 'grievances', 'approve')).toBe(false);
      expect(permits([entry('grievances', { can_read: true, can_approve: true })], 'grievances', 'view_identities')).toBe(false);
    });

    it('reads withhold_publication from can_withhold_publication, off when left out', () => {
      expect(permits(perms, 'grievances', 'withhold_publication')).toBe(false);
      const withholder = [entry('grievances', { can_read: true, can_withhold_publication: true })];
      expect(permits(withholder, 'grievances', 'withhold_publication')).toBe(true);
      expect(permits(withholder, 'grievances', 'view_identities')).toBe(false);
      const revealer = [entry('grievances', { can_read: true, can_approve: true, can_view_identities: true, can_view_all: true })];
      expect(permits(revealer, 'grievances', 'withhold_publication')).toBe(false);
    });

    it('refuses a resource that has no entry', () => {
      expect(permits(perms, 'audit', 'read')).toBe(false);
      expect(permits([], 'roles', 'read')).toBe(false);
    });
  });

  describe('legacy map shape', () => {
    it("treats 'all' as every action", () => {
      expect(permits({ grievances: 'all' }, 'grievances', 'delete')).toBe(true);
      expect(permits({ grievances: 'all' }, 'grievances', 'view_all')).toBe(true);
    });

    it("reads 'approve' as an action of its own", () => {
      expect(permits({ grievances: ['read', 'approve'] }, 'grievances', 'approve')).toBe(true);
      expect(permits({ grievances: 'read,update' }, 'grievances', 'approve')).toBe(false);
      expect(permits({ grievances: 'all' }, 'grievances', 'approve')).toBe(true);
    });

    it("reads 'view_identities' as an action of its own, granted by name only as on the server", () => {
      expect(permits({ grievances: ['read', 'view_identities'] }, 'grievances', 'view_identities')).toBe(true);
      expect(permits({ grievances: 'read, VIEW_IDENTITIES' }, 'grievances', 'view_identities')).toBe(true);
      expect(permits({ grievances: 'read,approve' }, 'grievances', 'view_identities')).toBe(false);
      expect(permits({ grievances: 'all' }, 'grievances', 'view_identities')).toBe(false);
    });

    it("reads 'withhold_publication' as an action of its own, granted by name only as on the server", () => {
      expect(permits({ grievances: ['read', 'withhold_publication'] }, 'grievances', 'withhold_publication')).toBe(true);
      expect(permits({ grievances: 'read, WITHHOLD_PUBLICATION' }, 'grievances', 'withhold_publication')).toBe(true);
      expect(permits({ grievances: 'read,approve,view_identities' }, 'grievances', 'withhold_publication')).toBe(false);
      expect(permits({ grievances: 'all' }, 'grievances', 'withhold_publication')).toBe(false);
      expect(permits({ grievances: ['all'] }, 'grievances', 'withhold_publication')).toBe(false);
      // 'all' still holds everything else.
      expect(permits({ grievances: 'all' }, 'grievances', 'approve')).toBe(true);
    });

    it('reads a list of actions', () => {
      const perms = { users: ['read', 'update'] };
      expect(permits(perms, 'users', 'read')).toBe(true);
      expect(permits(perms, 'users', 'update')).toBe(true);
      expect(permits(perms, 'users', 'create')).toBe(false);
    });

    it('reads a comma string of actions, ignoring spaces and case', () => {
      const perms = { roles: 'create, READ,delete' };
      expect(permits(perms, 'roles', 'create')).toBe(true);
      expect(permits(perms, 'roles', 'read')).toBe(true);
      expect(permits(perms, 'roles', 'delete')).toBe(true);
      expect(permits(perms, 'roles', 'update')).toBe(false);
      expect(permits(perms, 'audit', 'read')).toBe(false);
    });

    it('accepts the map serialised as JSON text', () => {
      expect(permits('{"audit":"read"}', 'audit', 'read')).toBe(true);
      expect(permits('not json', 'audit', 'read')).toBe(false);
    });
  });

  describe('hasPermission', () => {
    it('lets the Admin role do everything, even with no entries', () => {
      const admin = makeUser({ role_name: 'Admin', permissions: [] });
      expect(hasPermission(admin, 'audit', 'delete')).toBe(true);
      expect(hasPermission(admin, 'dropdowns', 'create')).toBe(true);
    });

    it('checks other roles per resource and action', () => {
      const user = makeUser({ permissions: [entry('grievances', { can_read: true })] });
      expect(hasPermission(user, 'grievances', 'read')).toBe(true);
      expect(hasPermission(user, 'grievances', 'update')).toBe(false);
      expect(hasPermission(user, 'users', 'read')).toBe(false);
    });

    it('lets only holders and the Admin role view sensitive identities', () => {
      expect(hasPermission(makeUser({ role_name: 'Admin', permissions: [] }), 'grievances', 'view_identities')).toBe(true);
      const holder = makeUser({ permissions: [entry('grievances', { can_read: true, can_view_identities: true })] });
      expect(hasPermission(holder, 'grievances', 'view_identities')).toBe(true);
      expect(hasPermission(makeUser({ permissions: [entry('grievances', { can_read: true, can_view_all: true })] }), 'grievances', 'view_identities')).toBe(false);
    });

    it('lets only holders and the Admin role withhold from publication', () => {
      expect(hasPermission(makeUser({ role_name: 'Admin', permissions: [] }), 'grievances', 'withhold_publication')).toBe(true);
      const holder = makeUser({ permissions: [entry('grievances', { can_read: true, can_withhold_publication: true })] });
      expect(hasPermission(holder, 'grievances', 'withhold_publication')).toBe(true);
      expect(hasPermission({ role_name: 'Inspector', permissions: { grievances: 'all' } }, 'grievances', 'withhold_publication')).toBe(false);
      expect(hasPermission(makeUser({ permissions: [entry('grievances', { can_read: true, can_view_identities: true })] }), 'grievances', 'withhold_publication')).toBe(false);
    });

    it('refuses when nobody is signed in or permissions are missing', () => {
      expect(hasPermission(null, 'grievances', 'read')).toBe(false);
      expect(hasPermission({ role_name: 'Clerk' }, 'grievances', 'read')).toBe(false);
    });
  });
});
