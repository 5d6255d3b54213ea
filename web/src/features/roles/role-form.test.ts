import { entry } from '../../test/fixtures';
import { extrasFromPermissions, grantsNothing, gridFromPermissions, permissionsForSave, roleNameError, scopeFromPermissions } from './role-form';

describe('role form', () => {
  it('drops resources with no flag before saving', () => {
    const grid = gridFromPermissions([]);
    grid.users = { ...grid.users, can_read: true };
    grid.audit = { ...grid.audit, can_read: true, can_update: true };
    expect(permissionsForSave(grid, 'own')).toEqual([entry('users', { can_read: true }), entry('audit', { can_read: true, can_update: true })]);
  });

  it('tells a role that grants nothing: no tick anywhere, whatever the grievance scope', () => {
    expect(grantsNothing(gridFromPermissions([]))).toBe(true);
    expect(grantsNothing(gridFromPermissions([entry('grievances', { can_view_all: true })]))).toBe(true);
    expect(grantsNothing(gridFromPermissions([entry('audit', { can_read: true })]))).toBe(false);
  });

  it('saves nothing when nothing is ticked and the scope is own cases', () => {
    expect(permissionsForSave(gridFromPermissions([]), 'own')).toEqual([]);
  });

  it("saves 'Their posting' as can_view_posting alone, and 'View All Grievances' as can_view_all alone", () => {
    const grid = gridFromPermissions([entry('grievances', { can_read: true })]);
    const posting = permissionsForSave(grid, 'posting');
    expect(posting).toEqual([entry('grievances', { can_read: true, can_view_posting: true })]);
    expect(posting[0].can_view_all).toBe(false);
    const state = permissionsForSave(grid, 'state');
    expect(state).toEqual([entry('grievances', { can_read: true, can_view_all: true })]);
    expect(state[0]).not.toHaveProperty('can_view_posting');
  });

  it('puts the scope on grievances only; a scope alone keeps the grievances entry', () => {
    const grid = gridFromPermissions([entry('roles', { can_view_all: true, can_view_posting: true })]);
    expect(permissionsForSave(grid, 'state')).toEqual([entry('grievances', { can_view_all: true })]);
    expect(permissionsForSave(grid, 'posting')).toEqual([entry('grievances', { can_view_posting: true })]);
  });

  it("reads the scope back: can_view_all is the state, can_view_posting the posting, else own cases", () => {
    expect(scopeFromPermissions([entry('grievances', { can_read: true, can_view_all: true })])).toBe('state');
    expect(scopeFromPermissions([entry('grievances', { can_view_all: true, can_view_posting: true })])).toBe('state');
    expect(scopeFromPermissions([entry('grievances', { can_read: true, can_view_posting: true })])).toBe('posting');
    expect(scopeFromPermissions([entry('grievances', { can_read: true })])).toBe('own');
    expect(scopeFromPermissions([entry('users', { can_view_all: true, can_view_posting: true })])).toBe('own');
    expect(scopeFromPermissions(undefined)).toBe('own');
  });

  it("fills the grid from a role's entries, leaving the scope out of the rows", () => {
    const grid = gridFromPermissions([entry('reports', { can_read: true }), entry('grievances', { can_view_all: true })]);
    expect(grid.reports.can_read).toBe(true);
    expect(grid.grievances).toEqual({ can_create: false, can_read: false, can_update: false, can_delete: false });
    expect(Object.keys(grid)).toEqual(['grievances', 'users', 'roles', 'dropdowns', 'reports', 'dashboard', 'audit']);
  });

  it('saves approving closures as can_approve on grievances only, written only when set', () => {
    const grid = gridFromPermissions([entry('grievances', { can_read: true, can_update: true })]);
    expect(permissionsForSave(grid, 'state', { can_approve: true })).toEqual([
      entry('grievances', { can_read: true, can_update: true, can_view_all: true, can_approve: true }),
    ]);
    expect(permissionsForSave(grid, 'state', { can_approve: false })[0]).not.toHaveProperty('can_approve');
    // Approving alone keeps the grievances entry, and grants something.
    expect(permissionsForSave(gridFromPermissions([]), 'own', { can_approve: true })).toEqual([entry('grievances', { can_approve: true })]);
    expect(grantsNothing(gridFromPermissions([]), { can_approve: true })).toBe(false);
  });

  it("reads the extra actions back from the grievances entry only, and leaves them out of the rows", () => {
    const none = { can_approve: false, can_view_identities: false, can_withhold_publication: false };
    const permissions = [entry('grievances', { can_read: true, can_approve: true })];
    expect(extrasFromPermissions(permissions)).toEqual({ ...none, can_approve: true });
    expect(gridFromPermissions(permissions).grievances).toEqual({ can_create: false, can_read: true, can_update: false, can_delete: false });
    expect(extrasFromPermissions([entry('grievances', { can_read: true, can_view_identities: true })])).toEqual({ ...none, can_view_identities: true });
    expect(extrasFromPermissions([entry('grievances', { can_read: true, can_withhold_publication: true })])).toEqual({ ...none, can_withhold_publication: true });
    expect(extrasFromPermissions([entry('grievances', { can_read: true })])).toEqual(none);
    expect(extrasFromPermissions([entry('users', { can_approve: true, can_view_identities: true, can_withhold_publication: true })])).toEqual(none);
    expect(extrasFromPermissions(undefined)).toEqual(none);
  });

  it('keeps withholding from publication when a role holding it is saved with another change, and gives it to no other', () => {
    const held = [entry('grievances', { can_read: true, can_withhold_publication: true, can_view_posting: true })];
    const grid = gridFromPermissions(held);
    grid.grievances = { ...grid.grievances, can_update: true };
    expect(permissionsForSave(grid, scopeFromPermissions(held), extrasFromPermissions(held))).toEqual([
      entry('grievances', { can_read: true, can_update: true, can_view_all: false, can_view_posting: true, can_withhold_publication: true }),
    ]);
    const other = [entry('grievances', { can_read: true, can_view_identities: true })];
    const saved = permissionsForSave(gridFromPermissions(other), scopeFromPermissions(other), extrasFromPermissions(other));
    expect(saved[0]).not.toHaveProperty('can_withhold_publication');
    // Alone, it keeps the grievances entry, and grants something.
    expect(grantsNothing(gridFromPermissions([]), { can_withhold_publication: true })).toBe(false);
    expect(permissionsForSave(gridFromPermissions([]), 'own', { can_withhold_publication: true })).toEqual([entry('grievances', { can_withhold_publication: true })]);
  });

  it('keeps viewing sensitive identities when a role holding it is saved with another change', () => {
    const held = [entry('grievances', { can_read: true, can_view_identities: true, can_view_all: true }), entry('users', { can_read: true })];
    const grid = gridFromPermissions(held);
    // The unrelated change: reading the audit trail too.
    grid.audit = { ...grid.audit, can_read: true };
    const saved = permissionsForSave(grid, scopeFromPermissions(held), extrasFromPermissions(held));
    expect(saved[0]).toEqual(entry('grievances', { can_read: true, can_view_all: true, can_view_identities: true }));
    expect(saved.map((e) => e.resource)).toEqual(['grievances', 'users', 'audit']);
  });

  it('gives no role viewing sensitive identities it did not hold, written only when set', () => {
    const held = [entry('grievances', { can_read: true, can_approve: true })];
    const saved = permissionsForSave(gridFromPermissions(held), scopeFromPermissions(held), extrasFromPermissions(held));
    expect(saved).toEqual([entry('grievances', { can_read: true, can_approve: true })]);
    expect(saved[0]).not.toHaveProperty('can_view_identities');
    // A flag on another resource means nothing there, and is not moved onto grievances.
    const elsewhere = [entry('users', { can_read: true, can_view_identities: true })];
    expect(permissionsForSave(gridFromPermissions(elsewhere), 'own', extrasFromPermissions(elsewhere))).toEqual([entry('users', { can_read: true })]);
  });

  it('counts viewing sensitive identities alone as granting something, on the grievances entry', () => {
    expect(grantsNothing(gridFromPermissions([]), { can_view_identities: true })).toBe(false);
    expect(grantsNothing(gridFromPermissions([]), { can_approve: false, can_view_identities: false })).toBe(true);
    expect(permissionsForSave(gridFromPermissions([]), 'own', { can_view_identities: true })).toEqual([entry('grievances', { can_view_identities: true })]);
  });

  it('keeps only the actions that grant something on each resource', () => {
    const grid = gridFromPermissions([entry('audit', { can_read: true, can_delete: true }), entry('reports', { can_create: true })]);
    expect(grid.audit).toEqual({ can_create: false, can_read: true, can_update: false, can_delete: false });
    expect(permissionsForSave(grid, 'own')).toEqual([entry('audit', { can_read: true })]);
  });

  it("needs a name: 'Role name is required'", () => {
    expect(roleNameError('   ')).toBe('Role name is required');
    expect(roleNameError('Clerk')).toBeNull();
  });
});
