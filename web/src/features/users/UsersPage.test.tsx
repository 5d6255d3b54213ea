import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListItem, RoleOption, UserView } from '../../api/types';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import UsersPage from './UsersPage';

const asha: UserView = {
  id: 7,
  name: 'Asha Verma',
  email: 'asha@police.test',
  phone: '+91 98765 43210',
  department: 'Crime Branch',
  designation: 'Inspector',
  role_id: 2,
  role_name: 'Clerk',
  status: 'active',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  two_factor_enabled: false,
  posting: { level: 'state' },
};
const ravi: UserView = {
  ...asha,
  id: 8,
  name: 'Ravi Kumar',
  email: 'ravi@police.test',
  phone: null,
  status: 'inactive',
  posting: { level: 'station', id: 41 },
};

const item = (id: number, name: string, is_active = true): ListItem => ({
  id,
  name,
  description: '',
  display_order: id,
  is_active,
  created_at: '',
  updated_at: '',
});
const clerkRole: RoleOption = { id: 2, name: 'Clerk' };

const reader = makeUser({ role_name: 'Reader', permissions: [entry('users', { can_read: true })] });
const editor = makeUser({ role_name: 'Editor', permissions: [entry('users', { can_read: true, can_update: true })] });
const manager = makeUser({
  role_name: 'Manager',
  permissions: [entry('users', { can_read: true, can_create: true, can_update: true, can_delete: true }), entry('roles', { can_read: true })],
});

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/users': () => jsonResponse(200, { success: true, data: [asha, ravi] }),
    'GET /api/admin/dropdowns/departments': () =>
      jsonResponse(200, [item(1, 'Crime Branch'), item(2, 'Cyber Cell'), item(3, 'Old Wing', false)]),
    'GET /api/admin/dropdowns/designations': () => jsonResponse(200, [item(4, 'Inspector'), item(5, 'Constable')]),
    'GET /api/users/role-options': () => jsonResponse(200, { success: true, data: [clerkRole] }),
    'GET /api/admin/dropdowns/districts': () => jsonResponse(200, [{ ...item(31, 'Agra'), range: 'Agra Range' }, item(32, 'Mathura')]),
    'GET /api/admin/dropdowns/police_stations': () =>
      jsonResponse(200, [{ ...item(41, 'Sadar Bazar'), district_id: 31 }, item(42, 'Kotwali'), item(43, 'Closed Post', false)]),
    ...extra,
  });
}

describe('user management', () => {
  it('lists users with their status', async () => {
    api();
    renderPage(<UsersPage />, manager);
    const row = (await screen.findByText('Asha Verma')).closest('tr')!;
    expect(within(row).getByText('The whole state')).toBeInTheDocument();
    const posted = screen.getByText('Ravi Kumar').closest('tr')!;
    expect(await within(posted).findByText('Sadar Bazar police station')).toBeInTheDocument();
    expect(within(row).getByText('asha@police.test')).toBeInTheDocument();
    expect(within(row).getByText('Crime Branch')).toBeInTheDocument();
    expect(within(row).getByText('Clerk')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const other = screen.getByText('Ravi Kumar').closest('tr')!;
    expect(within(other).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();
  });

  it('finds users by any word of their name, email, phone, department or role, kept in the address', async () => {
    api();
    const { router } = renderPage(<UsersPage />, manager);
    await screen.findByText('Asha Verma');
    const user = userEvent.setup();
    const search = screen.getByLabelText('Search users');
    await user.type(search, 'ravi');
    expect(screen.queryByText('Asha Verma')).not.toBeInTheDocument();
    expect(screen.getByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 users')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=ravi');
    await user.clear(search);
    await user.type(search, 'CRIME inspector asha');
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.queryByText('Ravi Kumar')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No user matches “nobody”')).toBeInTheDocument();
    expect(screen.getByText('0 of 2 users')).toBeInTheDocument();
  });

  it("shows a reader no Add User, Edit or Delete, only 'No actions available'", async () => {
    api();
    renderPage(<UsersPage />, reader);
    await screen.findByText('Asha Verma');
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reset Password/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('No actions available')).toHaveLength(2);
  });

  it('gives users update Edit and Reset Password but not Delete or Add User', async () => {
    api();
    renderPage(<UsersPage />, editor);
    await screen.findByText('Asha Verma');
    expect(screen.getByRole('button', { name: 'Edit Asha Verma' })).toHaveTextContent('Edit');
    expect(screen.getByRole('button', { name: 'Reset Password for Asha Verma' })).toHaveTextContent('Reset Password');
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load users' when the list fails without a server text", async () => {
    mockApi({ 'GET /api/users': () => new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    renderPage(<UsersPage />, manager);
    expect(await screen.findByText('Failed to load users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('adds a user: required marks, active lists only, role starting at Select role', async () => {
    const fetch = api({
      'POST /api/users': (body) => jsonResponse(201, { success: true, data: { ...asha, id: 9, ...(body as object) } }),
    });
    renderPage(<UsersPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });

    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    for (const message of [
      'Name is required',
      'Email is required',
      'Password is required',
      'Department is required',
      'Designation is required',
      'Role is required',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(sentBodies(fetch, 'POST', '/api/users')).toEqual([]);

    const role = within(dialog).getByLabelText('Role');
    expect(role).toHaveDisplayValue('Select role');
    const department = within(dialog).getByLabelText('Department');
    await waitFor(() => expect(within(department).getByRole('option', { name: 'Cyber Cell' })).toBeInTheDocument());
    expect(within(department).queryByRole('option', { name: 'Old Wing' })).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Meena Rao');
    await user.type(within(dialog).getByLabelText('Email'), 'meena@police.test');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.selectOptions(department, 'Cyber Cell');
    await user.selectOptions(within(dialog).getByLabelText('Designation'), 'Constable');
    await waitFor(() => expect(within(role).getByRole('option', { name: 'Clerk' })).toBeInTheDocument());
    await user.selectOptions(role, 'Clerk');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('User Meena Rao added.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/users')).toEqual([
      {
        name: 'Meena Rao',
        email: 'meena@police.test',
        password: 'secret-1',
        phone: null,
        department: 'Cyber Cell',
        designation: 'Constable',
        role_id: 2,
        status: 'active',
        posting: { level: 'state' },
      },
    ]);
  });

  it("edits without a password field and shows the server's text, else 'Failed to save user'", async () => {
    let answer = jsonResponse(409, { error: 'A user with this email already exists' }, 'Conflict');
    const fetch = api({ 'PUT /api/users/7': () => answer });
    renderPage(<UsersPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Asha Verma' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User: Asha Verma' });
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Asha Verma');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('A user with this email already exists')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/users/7')[0]).toMatchObject({ status: 'inactive', role_id: 2 });
    expect(sentBodies(fetch, 'PUT', '/api/users/7')[0]).not.toHaveProperty('password');

    answer = new Response('', { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Failed to save user')).toBeInTheDocument();
  });

  it("resets a password in a dialog titled with the user's name, with the spec's rules", async () => {
    const fetch = api({ 'PUT /api/users/8/reset-password': () => jsonResponse(200, { success: true, message: 'ok' }) });
    renderPage(<UsersPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset Password for Ravi Kumar' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset Password for Ravi Kumar' });
    const submit = within(dialog).getByRole('button', { name: 'Reset Password' });

    await user.type(within(dialog).getByLabelText('New Password'), '   ');
    await user.click(submit);
    expect(within(dialog).getByText('Please enter a new password')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('New Password'));
    await user.type(within(dialog).getByLabelText('New Password'), 'abc');
    await user.click(submit);
    expect(within(dialog).getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/users/8/reset-password')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('New Password'));
    await user.type(within(dialog).getByLabelText('New Password'), 'new-pass-1');
    await user.click(submit);
    expect(await screen.findByText('Password reset for Ravi Kumar.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/users/8/reset-password')).toEqual([{ newPassword: 'new-pass-1' }]);
  });

  it("falls back to 'Failed to reset password'", async () => {
    api({ 'PUT /api/users/8/reset-password': () => new Response('', { status: 500 }) });
    renderPage(<UsersPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset Password for Ravi Kumar' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset Password for Ravi Kumar' });
    await user.type(within(dialog).getByLabelText('New Password'), 'new-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Failed to reset password')).toBeInTheDocument();
  });

  it('asks before deleting, and shows the server refusal', async () => {
    const fetch = api({
      'DELETE /api/users/7': () => jsonResponse(409, { error: 'You cannot delete your own account' }, 'Conflict'),
    });
    renderPage(<UsersPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Asha Verma' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete User' });
    expect(confirm).toHaveTextContent('Delete the user Asha Verma (asha@police.test)?');

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'DELETE', '/api/users/7')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Asha Verma' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You cannot delete your own account')).toBeInTheDocument();
    expect(sentBodies(fetch, 'DELETE', '/api/users/7')).toHaveLength(1);
  });

  it("falls back to 'Failed to delete user'", async () => {
    api({ 'DELETE /api/users/8': () => new Response('', { status: 500 }) });
    renderPage(<UsersPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Ravi Kumar' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
  });

  it('posts a user at a police station, a district or a range, asking for the place below the state', async () => {
    const fetch = api({
      'POST /api/users': (body) => jsonResponse(201, { success: true, data: { ...asha, id: 9, ...(body as object) } }),
      'PUT /api/users/7': (body) =>
        (body as { posting: { level: string } }).posting.level === 'range'
          ? jsonResponse(403, { error: 'You cannot post a user, or change a user posted, outside your own posting' }, 'Forbidden')
          : jsonResponse(200, { success: true, data: { ...asha, ...(body as object) } }),
    });
    renderPage(<UsersPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    const level = within(dialog).getByLabelText('Posting');
    expect(level).toHaveValue('state');
    expect(within(level).getAllByRole('option').map((o) => o.textContent)).toEqual(['State', 'Range', 'District', 'Police Station']);
    await user.selectOptions(level, 'Police Station');
    const station = within(dialog).getByLabelText('Police Station');
    await waitFor(() => expect(within(station).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select police station', 'Sadar Bazar', 'Kotwali']));
    await user.type(within(dialog).getByLabelText('Name'), 'SHO Sadar');
    await user.type(within(dialog).getByLabelText('Email'), 'sho@police.test');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.selectOptions(within(dialog).getByLabelText('Department'), 'Crime Branch');
    await user.selectOptions(within(dialog).getByLabelText('Designation'), 'Inspector');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Clerk' })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Clerk');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(within(dialog).getByText('Select the police station')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/users')).toEqual([]);
    await user.selectOptions(station, 'Sadar Bazar');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('User SHO Sadar added.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/users')).toMatchObject([{ name: 'SHO Sadar', posting: { level: 'station', id: 41 } }]);

    // A range is chosen from the ranges the districts name; the server's refusal shows.
    await user.click(screen.getByRole('button', { name: 'Edit Asha Verma' }));
    const edit = screen.getByRole('dialog', { name: 'Edit User: Asha Verma' });
    await user.selectOptions(within(edit).getByLabelText('Posting'), 'Range');
    const range = within(edit).getByLabelText('Range');
    await waitFor(() => expect(within(range).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select range', 'Agra Range']));
    await user.selectOptions(range, 'Agra Range');
    await user.click(within(edit).getByRole('button', { name: 'Save Changes' }));
    expect(await within(edit).findByText('You cannot post a user, or change a user posted, outside your own posting')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/users/7')).toMatchObject([{ posting: { level: 'range', range: 'Agra Range' } }]);
  });

  it('starts a new user at the posting of who adds them', async () => {
    api();
    renderPage(<UsersPage />, makeUser({ ...manager, posting: { level: 'district', id: 31 } }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    expect(within(dialog).getByLabelText('Posting')).toHaveValue('district');
    await waitFor(() => expect(within(dialog).getByLabelText('District')).toHaveDisplayValue('Agra'));
  });
});
