import { screen, waitFor } from '@testing-library/react';
import { entry, makeUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/render-routes';

const clerk = makeUser({
  name: 'Ravi Kumar',
  role_name: 'Clerk',
  permissions: [entry('grievances', { can_read: true })],
});

describe('route guard', () => {
  it("shows a 'Loading...' spinner while the session loads", () => {
    renderRoutes('/dashboard', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('sends a signed-out visitor of a protected screen to the login page', async () => {
    const { router } = renderRoutes('/users', 'anonymous');
    expect(await screen.findByRole('heading', { name: 'Grievance Portal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a user lacking the permission to /dashboard', async () => {
    const { router } = renderRoutes('/users', 'authenticated', clerk);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Welcome back, Ravi Kumar!')).toBeInTheDocument();
  });

  it('checks the action too: read alone does not open /grievances/new', async () => {
    const { router } = renderRoutes('/grievances/new', 'authenticated', clerk);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens a screen the user may see', async () => {
    renderRoutes('/grievances', 'authenticated', clerk);
    expect(await screen.findByRole('heading', { name: 'Grievances & FIR Management' })).toBeInTheDocument();
    expect(screen.getByText('Logged in as Ravi Kumar (Clerk)')).toBeInTheDocument();
  });

  it('lets the Admin role into every screen', async () => {
    const admin = makeUser({ name: 'E2E Admin', role_name: 'Admin', permissions: [] });
    renderRoutes('/audit', 'authenticated', admin);
    expect(await screen.findByRole('heading', { name: 'Audit History' })).toBeInTheDocument();
  });

  it('sends a signed-in user from / to /dashboard', async () => {
    const { router } = renderRoutes('/', 'authenticated', clerk);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends an unknown path to /dashboard', async () => {
    const { router } = renderRoutes('/no/such/page', 'authenticated', clerk);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('navigation', () => {
  it('shows only the items the user may open', async () => {
    renderRoutes('/dashboard', 'authenticated', clerk);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const labels = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(labels).toEqual(['Dashboard', 'Grievances', 'Profile']);
  });

  it('shows every item to the Admin role', async () => {
    const admin = makeUser({ role_name: 'Admin', permissions: [] });
    renderRoutes('/dashboard', 'authenticated', admin);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const labels = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Grievances',
      'Trash',
      'User Management',
      'Role Management',
      'Admin Panel',
      'Audit History',
      'Reports',
      'Profile',
    ]);
  });
});
