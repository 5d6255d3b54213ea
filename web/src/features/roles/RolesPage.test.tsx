import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleView } from '../../api/types';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { i18n } from '../../i18n';
import { renderPage } from '../../test/render-page';
import RolesPage from './RolesPage';

const role = (id: number, name: string, permissions: RoleView['permissions'], user_count = 0): RoleView => ({
  id,
  name,
  description: `${name} role`,
  permissions,
  user_count,
  created_at: '',
  updated_at: '',
  require_two_factor: false,
  closing_needs_approval: false,
});
const admin = role(1, 'Admin', [entry('users', { can_create: true, can_read: true, can_update: true, can_delete: true })], 1);
const clerk = role(2, 'Clerk', [entry('grievances', { can_read: true, can_create: true }), entry('users', { can_read: true })], 3);

const reader = makeUser({ role_name: 'Reader', permissions: [entry('roles', { can_read: true })] });
const manager = makeUser({
  role_name: 'Manager',
  permissions: [entry('roles', { can_read: true, can_create: true, can_update: true, can_delete: true })],
});

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /api/roles': () => jsonResponse(200, { success: true, data: [admin, clerk] }), ...extra });
}

describe('role management', () => {
  it("shows each role's permission summary and chips", async () => {
    api();
    renderPage(<RolesPage />, reader);
    const row = (await screen.findByText('Clerk role')).closest('tr')!;
    expect(within(row).getByText('2 resources • 3 actions')).toBeInTheDocument();
    expect(within(row).getByText('Grievances: Create, Read')).toBeInTheDocument();
    expect(within(row).getByText('Users: Read')).toBeInTheDocument();
    expect(within(row).getByText('3 users')).toBeInTheDocument();
  });

  it("shows a reader no Add New Role, Edit or Delete, only 'No actions available'", async () => {
    api();
    renderPage(<RolesPage />, reader);
    await screen.findByText('Clerk role');
    expect(screen.queryByRole('button', { name: 'Add New Role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('No actions available')).toHaveLength(2);
  });

  it('shows Add New Role, Edit and Delete to a manager', async () => {
    api();
    renderPage(<RolesPage />, manager);
    expect(await screen.findByRole('button', { name: 'Add New Role' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Clerk' })).toHaveTextContent('Edit');
    expect(screen.getByRole('button', { name: 'Delete Clerk' })).toHaveTextContent('Delete');
  });

  it("disables the Admin role's Delete; trying it says 'Cannot delete the Admin role' for 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetch = api();
      renderPage(<RolesPage />, manager);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const button = await screen.findByRole('button', { name: 'Delete Admin' });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      await user.click(button);
      expect(screen.getByText('Cannot delete the Admin role')).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(sentBodies(fetch, 'DELETE', '/api/roles/1')).toEqual([]);
      act(() => vi.advanceTimersByTime(3100));
      expect(screen.queryByText('Cannot delete the Admin role')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("needs a role name: 'Role name is required'", async () => {
    const fetch = api();
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Role' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Role' }));
    expect(within(dialog).getByText('Role name is required')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/roles')).toEqual([]);
  });

  it("saves only the resources that have a tick, and 'View All Grievances' as View All on grievances", async () => {
    const fetch = api({
      'POST /api/roles': (body) => jsonResponse(201, { success: true, data: { ...role(3, 'Desk', []), ...(body as object) } }),
    });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Role' });
    expect(within(dialog).queryByRole('checkbox', { name: /View All/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Read Admin Panel' })).toBeInTheDocument();
    // The trail, the reports and the dashboard are only read: no box grants nothing.
    for (const name of ['Create Dashboard', 'Update Reports', 'Delete Audit']) {
      expect(within(dialog).queryByRole('checkbox', { name })).not.toBeInTheDocument();
    }
    expect(within(dialog).getByRole('checkbox', { name: 'Read Dashboard' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Role Name'), '  Desk  ');
    await user.type(within(dialog).getByLabelText('Description'), 'Front desk');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read Grievances' }));
    await user.selectOptions(within(dialog).getByLabelText('Grievance scope'), 'View All Grievances (the whole state)');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create Users' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read Audit' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read Audit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Role' }));

    expect(await screen.findByText('Role Desk added.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/roles')).toEqual([
      {
        name: 'Desk',
        description: 'Front desk',
        permissions: [entry('grievances', { can_read: true, can_view_all: true }), entry('users', { can_create: true })],
        require_two_factor: false,
        closing_needs_approval: false,
      },
    ]);
  });

  it('warns before adding a role that grants nothing, and adds it on the second press', async () => {
    const fetch = api({
      'POST /api/roles': (body) => jsonResponse(201, { success: true, data: { ...role(4, 'Visitor', []), ...(body as object) } }),
    });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Role' });
    await user.type(within(dialog).getByLabelText('Role Name'), 'Visitor');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    // First press: nothing is sent; the warning says what such users are left with.
    await user.click(within(dialog).getByRole('button', { name: 'Add Role' }));
    const warning = within(dialog).getByRole('alert');
    expect(warning).toHaveTextContent('This role grants no permissions');
    expect(warning).toHaveTextContent(
      'Users with it can only sign in and see the dashboard and their own profile. Tick what the role may do, or save it as it is.',
    );
    expect(sentBodies(fetch, 'POST', '/api/roles')).toEqual([]);

    // A tick takes the warning away; untick it and the warning comes back only on the next press.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read Users' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read Users' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Role' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Role' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This role grants no permissions');

    // Second press, on the button that now says what it does.
    await user.click(within(dialog).getByRole('button', { name: 'Add without permissions' }));
    expect(await screen.findByText('Role Visitor added.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/roles')).toEqual([
      { name: 'Visitor', description: '', permissions: [], require_two_factor: false, closing_needs_approval: false },
    ]);
  });

  it('saves a role with a permission without any warning', async () => {
    const fetch = api({
      'POST /api/roles': (body) => jsonResponse(201, { success: true, data: { ...role(5, 'Reader', []), ...(body as object) } }),
    });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Role' });
    await user.type(within(dialog).getByLabelText('Role Name'), 'Reader');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read Users' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Role' }));
    expect(await screen.findByText('Role Reader added.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/roles')).toHaveLength(1);
  });

  it("offers three grievance scopes, own cases first, with a hint that postings are set in User Management", async () => {
    api();
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Role' }));
    const scope = within(screen.getByRole('dialog', { name: 'Add New Role' })).getByLabelText('Grievance scope');
    expect(within(scope).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Own cases only',
      'Their posting (station, district or range)',
      'View All Grievances (the whole state)',
    ]);
    expect(scope).toHaveDisplayValue('Own cases only');
    expect(scope).toHaveAccessibleDescription("Each user's posting is set in User Management.");
  });

  it("saves 'Their posting' as can_view_posting, without View All, and names it in the role's summary", async () => {
    const station = role(4, 'Station Officer', [entry('grievances', { can_read: true, can_view_all: true })]);
    let saved: RoleView = station;
    const fetch = mockApi({
      'GET /api/roles': () => jsonResponse(200, { success: true, data: [admin, saved] }),
      'PUT /api/roles/4': (body) => {
        saved = { ...station, ...(body as object) };
        return jsonResponse(200, { success: true, data: saved });
      },
    });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    const row = (await screen.findByText('Station Officer role')).closest('tr')!;
    expect(within(row).getByText('Grievances: Read, Whole state')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Edit Station Officer' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role: Station Officer' });
    const scope = within(dialog).getByLabelText('Grievance scope');
    expect(scope).toHaveDisplayValue('View All Grievances (the whole state)');
    await user.selectOptions(scope, 'Their posting (station, district or range)');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Grievances: Read, Their posting')).toBeInTheDocument();
    const [body] = sentBodies(fetch, 'PUT', '/api/roles/4') as [{ permissions: RoleView['permissions'] }];
    expect(body.permissions).toEqual([entry('grievances', { can_read: true, can_view_posting: true })]);
    expect(body.permissions[0].can_view_all).toBe(false);
  });

  it("edits a role with its ticks filled in and falls back to 'Failed to save role'", async () => {
    const fetch = api({ 'PUT /api/roles/2': () => new Response('', { status: 500 }) });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Clerk' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role: Clerk' });
    expect(within(dialog).getByRole('checkbox', { name: 'Create Grievances' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Delete Grievances' })).not.toBeChecked();
    expect(within(dialog).getByLabelText('Grievance scope')).toHaveDisplayValue('Own cases only');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read Users' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Failed to save role')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/roles/2')[0]).toEqual({
      name: 'Clerk',
      description: 'Clerk role',
      permissions: [entry('grievances', { can_read: true, can_create: true })],
      require_two_factor: false,
      closing_needs_approval: false,
    });
  });

  it("sends 'Closing needs approval' as closing_needs_approval and 'Approve closures' as can_approve on grievances", async () => {
    const fetch = api({
      'POST /api/roles': (body) => jsonResponse(201, { success: true, data: { ...role(6, 'Desk officer', []), ...(body as object) } }),
    });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Role' });
    const closing = within(dialog).getByRole('checkbox', { name: 'Closing needs approval' });
    expect(closing).not.toBeChecked();
    expect(closing).toHaveAccessibleDescription(
      'Moving a case to a resolved or closed status creates a closure request that another officer approves.',
    );
    const approve = within(dialog).getByRole('checkbox', { name: 'Approve closures' });
    expect(approve).not.toBeChecked();

    await user.type(within(dialog).getByLabelText('Role Name'), 'Desk officer');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read Grievances' }));
    await user.click(closing);
    await user.click(approve);
    await user.click(within(dialog).getByRole('button', { name: 'Add Role' }));
    expect(await screen.findByText('Role Desk officer added.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/roles')).toEqual([
      {
        name: 'Desk officer',
        description: '',
        permissions: [entry('grievances', { can_read: true, can_approve: true })],
        require_two_factor: false,
        closing_needs_approval: true,
      },
    ]);
  });

  it('fills both closure boxes from the role being edited, names approving in its summary, and saves them cleared', async () => {
    const approver = { ...role(7, 'Approver', [entry('grievances', { can_read: true, can_approve: true })]), closing_needs_approval: true };
    const fetch = api({
      'GET /api/roles': () => jsonResponse(200, { success: true, data: [admin, approver] }),
      'PUT /api/roles/7': (body) => jsonResponse(200, { success: true, data: { ...approver, ...(body as object) } }),
    });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    const row = (await screen.findByText('Approver role')).closest('tr')!;
    expect(within(row).getByText('Grievances: Read, Approve closures')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit Approver' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role: Approver' });
    expect(within(dialog).getByRole('checkbox', { name: 'Closing needs approval' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Approve closures' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Closing needs approval' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Approve closures' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes to Approver saved.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/roles/7')).toEqual([
      {
        name: 'Approver',
        description: 'Approver role',
        permissions: [entry('grievances', { can_read: true })],
        require_two_factor: false,
        closing_needs_approval: false,
      },
    ]);
  });

  it("offers 'View sensitive identities' with its hint, and keeps it when a holder's role is saved with another change", async () => {
    const revealer = role(8, 'Revealer', [entry('grievances', { can_read: true, can_view_identities: true })]);
    const fetch = api({
      'GET /api/roles': () => jsonResponse(200, { success: true, data: [admin, clerk, revealer] }),
      'PUT /api/roles/8': (body) => jsonResponse(200, { success: true, data: { ...revealer, ...(body as object) } }),
      'PUT /api/roles/2': (body) => jsonResponse(200, { success: true, data: { ...clerk, ...(body as object) } }),
    });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    const row = (await screen.findByText('Revealer role')).closest('tr')!;
    expect(within(row).getByText('Grievances: Read, View sensitive identities')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit Revealer' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role: Revealer' });
    const reveal = within(dialog).getByRole('checkbox', { name: 'View sensitive identities' });
    expect(reveal).toBeChecked();
    expect(reveal).toHaveAccessibleDescription(
      'Reveal, with a stated reason, the identity of a victim the law protects (BNS s.72, POCSO s.23); each reveal is audited.',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Approve closures' })).not.toBeChecked();
    await user.type(within(dialog).getByLabelText('Description'), ' (court liaison)');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes to Revealer saved.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/roles/8')).toEqual([
      {
        name: 'Revealer',
        description: 'Revealer role (court liaison)',
        permissions: [entry('grievances', { can_read: true, can_view_identities: true })],
        require_two_factor: false,
        closing_needs_approval: false,
      },
    ]);

    // A role without it does not gain it on save.
    await user.click(screen.getByRole('button', { name: 'Edit Clerk' }));
    const clerkDialog = screen.getByRole('dialog', { name: 'Edit Role: Clerk' });
    expect(within(clerkDialog).getByRole('checkbox', { name: 'View sensitive identities' })).not.toBeChecked();
    await user.click(within(clerkDialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes to Clerk saved.')).toBeInTheDocument();
    const [sent] = sentBodies(fetch, 'PUT', '/api/roles/2') as { permissions: object[] }[];
    expect(sent.permissions[0]).not.toHaveProperty('can_view_identities');
  });

  it("offers 'Withhold from publication' with its hint, in English and Hindi, and keeps it when a holder's role is saved with another change", async () => {
    const withholder = role(9, 'Withholder', [entry('grievances', { can_read: true, can_withhold_publication: true, can_view_posting: true })]);
    const fetch = api({
      'GET /api/roles': () => jsonResponse(200, { success: true, data: [admin, clerk, withholder] }),
      'PUT /api/roles/9': (body) => jsonResponse(200, { success: true, data: { ...withholder, ...(body as object) } }),
      'PUT /api/roles/2': (body) => jsonResponse(200, { success: true, data: { ...clerk, ...(body as object) } }),
    });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    const row = (await screen.findByText('Withholder role')).closest('tr')!;
    expect(within(row).getByText('Grievances: Read, Withhold from publication, Their posting')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit Withholder' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role: Withholder' });
    const withhold = within(dialog).getByRole('checkbox', { name: 'Withhold from publication' });
    expect(withhold).toBeChecked();
    expect(withhold).toHaveAccessibleDescription(
      "Withhold a case within one's scope from the state's public list of FIRs, with a stated reason (Youth Bar Association v Union of India, 2016: an officer not below the rank of DSP decides).",
    );
    expect(within(dialog).getByRole('checkbox', { name: 'View sensitive identities' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Approve closures' })).not.toBeChecked();

    await act(() => i18n.changeLanguage('hi'));
    try {
      expect(within(dialog).getByRole('checkbox', { name: 'प्रकाशन से रोकें' })).toHaveAccessibleDescription(
        'अपने दायरे के किसी मामले को, कारण बताकर, राज्य की एफ़आईआर की सार्वजनिक सूची से रोकें (यूथ बार एसोसिएशन बनाम भारत संघ, 2016: निर्णय पुलिस उपाधीक्षक या उससे ऊँचे पद का अधिकारी लेता है)।',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }

    await user.type(within(dialog).getByLabelText('Description'), ' (DSP)');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes to Withholder saved.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/roles/9')).toEqual([
      {
        name: 'Withholder',
        description: 'Withholder role (DSP)',
        permissions: [entry('grievances', { can_read: true, can_view_all: false, can_view_posting: true, can_withhold_publication: true })],
        require_two_factor: false,
        closing_needs_approval: false,
      },
    ]);

    // A role without it does not gain it on save.
    await user.click(screen.getByRole('button', { name: 'Edit Clerk' }));
    const clerkDialog = screen.getByRole('dialog', { name: 'Edit Role: Clerk' });
    expect(within(clerkDialog).getByRole('checkbox', { name: 'Withhold from publication' })).not.toBeChecked();
    await user.click(within(clerkDialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes to Clerk saved.')).toBeInTheDocument();
    const [sent] = sentBodies(fetch, 'PUT', '/api/roles/2') as { permissions: object[] }[];
    expect(sent.permissions[0]).not.toHaveProperty('can_withhold_publication');
  });

  it('starts a new role as the manager\'s own: one whose closures need approval hands out the same', async () => {
    api();
    renderPage(<RolesPage />, makeUser({ ...manager, closing_needs_approval: true }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Role' });
    expect(within(dialog).getByRole('checkbox', { name: 'Closing needs approval' })).toBeChecked();
  });

  it('offers no closing setting on the Admin role (it always closes alone) and sends none', async () => {
    const fetch = api({ 'PUT /api/roles/1': (body) => jsonResponse(200, { success: true, data: { ...admin, ...(body as object) } }) });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role: Admin' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Closing needs approval' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes to Admin saved.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/roles/1')[0]).not.toHaveProperty('closing_needs_approval');
  });

  it("asks before deleting and shows the server's refusal, else 'Failed to delete role'", async () => {
    let answer = jsonResponse(409, { error: 'This role is held by 3 users; move them first' }, 'Conflict');
    api({ 'DELETE /api/roles/2': () => answer });
    renderPage(<RolesPage />, manager);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Clerk' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Role' });
    expect(confirm).toHaveTextContent('Delete the role Clerk?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This role is held by 3 users; move them first')).toBeInTheDocument();

    answer = new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Delete Clerk' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete role')).toBeInTheDocument();
  });

  it("shows 'Failed to load roles'", async () => {
    mockApi({ 'GET /api/roles': () => new Response('', { status: 500 }) });
    renderPage(<RolesPage />, manager);
    expect(await screen.findByText('Failed to load roles')).toBeInTheDocument();
  });
});
