// The administrator's side: Reset Two-Factor in User Management, and the
// role form's "Require two-factor authentication" box.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleView, UserView } from '../../api/types';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import RolesPage from '../roles/RolesPage';
import UsersPage from '../users/UsersPage';

const base: UserView = {
  id: 7,
  name: 'Asha Verma',
  email: 'asha@police.test',
  phone: null,
  department: 'Crime Branch',
  designation: 'Inspector',
  role_id: 2,
  role_name: 'Two-Factor Officers',
  status: 'active',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  two_factor_enabled: false,
  posting: { level: 'state' },
};
const asha: UserView = { ...base, two_factor_enabled: true };
const ravi: UserView = { ...base, id: 8, name: 'Ravi Kumar', email: 'ravi@police.test', two_factor_enabled: false };

const editor = makeUser({ role_name: 'Editor', permissions: [entry('users', { can_read: true, can_update: true })] });
const reader = makeUser({ role_name: 'Reader', permissions: [entry('users', { can_read: true })] });

describe('users: Reset Two-Factor', () => {
  function api(reset: () => Response = () => jsonResponse(200, { success: true, message: 'Two-factor authentication reset' })) {
    let users = [asha, ravi];
    return mockApi({
      'GET /api/users': () => jsonResponse(200, { success: true, data: users }),
      'POST /api/users/7/reset-two-factor': () => {
        const answer = reset();
        if (answer.ok) users = [{ ...asha, two_factor_enabled: false }, ravi];
        return answer;
      },
    });
  }

  it('is offered only for users with two-factor on, and only with users update', async () => {
    api();
    renderPage(<UsersPage />, editor);
    const ashaRow = (await screen.findByText('asha@police.test')).closest('tr')!;
    const raviRow = screen.getByText('ravi@police.test').closest('tr')!;
    expect(within(ashaRow).getByRole('button', { name: 'Reset Two-Factor for Asha Verma' })).toHaveTextContent('Reset Two-Factor');
    expect(within(raviRow).queryByRole('button', { name: /Reset Two-Factor/ })).not.toBeInTheDocument();
  });

  it('is not offered to a reader', async () => {
    api();
    renderPage(<UsersPage />, reader);
    await screen.findByText('asha@police.test');
    expect(screen.queryByRole('button', { name: /Reset Two-Factor/ })).not.toBeInTheDocument();
  });

  it('asks first; Cancel sends nothing', async () => {
    const fetch = api();
    renderPage(<UsersPage />, editor);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset Two-Factor for Asha Verma' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Reset Two-Factor' });
    expect(confirm).toHaveTextContent('Reset two-factor authentication for Asha Verma (asha@police.test)?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/users/7/reset-two-factor')).toEqual([]);
  });

  it('resets after the prompt and says so; the action goes away', async () => {
    const fetch = api();
    renderPage(<UsersPage />, editor);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset Two-Factor for Asha Verma' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Reset Two-Factor' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset Two-Factor' }));
    expect(await screen.findByText('Two-factor authentication reset for Asha Verma.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/users/7/reset-two-factor')).toHaveLength(1);
    await screen.findByText('asha@police.test');
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Reset Two-Factor for Asha Verma' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's refusal", async () => {
    api(() => jsonResponse(403, { error: 'Insufficient permissions', code: 'FORBIDDEN' }, 'Forbidden'));
    renderPage(<UsersPage />, editor);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset Two-Factor for Asha Verma' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset Two-Factor' }));
    expect(await screen.findByText('Insufficient permissions')).toBeInTheDocument();
  });
});

describe('roles: Require two-factor authentication', () => {
  const role = (id: number, name: string, require_two_factor: boolean): RoleView => ({
    id,
    name,
    description: `${name} role`,
    permissions: [entry('grievances', { can_read: true })],
    user_count: 0,
    created_at: '',
    updated_at: '',
    require_two_factor,
    closing_needs_approval: false,
  });
  const manager = makeUser({
    role_name: 'Manager',
    permissions: [entry('roles', { can_read: true, can_create: true, can_update: true, can_delete: true })],
  });

  function api() {
    return mockApi({
      'GET /api/roles': () => jsonResponse(200, { success: true, data: [role(1, 'Admin', true), role(2, 'Clerk', false)] }),
      'POST /api/roles': (body) => jsonResponse(201, { success: true, data: { ...role(3, 'Officers', false), ...(body as object) } }),
      'PUT /api/roles/1': (body) => jsonResponse(200, { success: true, data: { ...role(1, 'Admin', true), ...(body as object) } }),
    });
  }

  it('is off for a new role and sent as ticked', async () => {
    const fetch = api();
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Role' });
    const box = within(dialog).getByRole('checkbox', { name: 'Require two-factor authentication' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'Users with this role must set up an authenticator app before they can use the portal.',
    );
    await user.type(within(dialog).getByLabelText('Role Name'), 'Officers');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read Grievances' }));
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Add Role' }));
    await screen.findByText('Role Officers added.');
    expect(sentBodies(fetch, 'POST', '/api/roles')[0]).toMatchObject({ name: 'Officers', require_two_factor: true });
  });

  it("shows a role's setting when editing and sends it unticked", async () => {
    const fetch = api();
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role: Admin' });
    const box = within(dialog).getByRole('checkbox', { name: 'Require two-factor authentication' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/roles/1')).toHaveLength(1));
    expect(sentBodies(fetch, 'PUT', '/api/roles/1')[0]).toMatchObject({ require_two_factor: false });
  });
});
