import { entry } from '../../test/fixtures';
import { gridFromPermissions, permissionsForSave, roleNameError } from './role-form';

describe('role form', () => {
  it('drops resources with no flag before saving', () => {
    const grid = gridFromPermissions([]);
    grid.users = { ...grid.users, can_read: true };
    grid.audit = { ...grid.audit, can_read: true, can_update: true };
    expect(permissionsForSave(grid)).toEqual([entry('users', { can_read: true }), entry('audit', { can_read: true, can_update: true })]);
  });

  it('saves nothing when nothing is ticked', () => {
    expect(permissionsForSave(gridFromPermissions([]))).toEqual([]);
  });

  it('keeps View All only on grievances; View All alone keeps the entry', () => {
    const grid = gridFromPermissions([
      entry('grievances', { can_view_all: true }),
      entry('roles', { can_view_all: true }),
    ]);
    expect(permissionsForSave(grid)).toEqual([entry('grievances', { can_view_all: true })]);
  });

  it("fills the grid from a role's entries", () => {
    const grid = gridFromPermissions([entry('reports', { can_read: true })]);
    expect(grid.reports.can_read).toBe(true);
    expect(grid.grievances).toEqual(entry('grievances'));
    expect(Object.keys(grid)).toEqual(['grievances', 'users', 'roles', 'dropdowns', 'reports', 'dashboard', 'audit']);
  });

  it("needs a name: 'Role name is required'", () => {
    expect(roleNameError('   ')).toBe('Role name is required');
    expect(roleNameError('Clerk')).toBeNull();
  });
});
