import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { api } from '../../api/client';
import { saveSession } from '../../api/token-store';
import { routes } from '../../app/routes';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/render-routes';
import { SessionProvider } from '../auth/SessionProvider';

const held = makeUser({
  name: 'Kiran Das',
  email: 'kiran@police.test',
  role_name: 'Two-Factor Officers',
  permissions: [entry('grievances', { can_read: true })],
  two_factor_required: true,
  two_factor_enabled: false,
});
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Portal:kiran?secret=JBSWY3DPEHPK3PXP&issuer=Portal' };
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa-bbb${i}`);

describe('mandatory two-factor enrolment', () => {
  beforeEach(() => {
    mockApi({ 'POST /api/auth/two-factor/setup': () => jsonResponse(200, SETUP) });
  });

  it.each(['/dashboard', '/grievances', '/profile', '/users'])('holds the user on /setup-two-factor from %s', async (path) => {
    const { router } = renderRoutes(path, 'authenticated', held);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup-two-factor');
    expect(screen.getByText('Your role requires two-factor authentication. Set it up to continue.')).toBeInTheDocument();
    // Full screen: none of the app's navigation.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
  });

  it('lets a user whose role does not require it through', async () => {
    const free = { ...held, two_factor_required: false };
    const { router } = renderRoutes('/grievances', 'authenticated', free);
    await waitFor(() => expect(router.state.location.pathname).toBe('/grievances'));
  });

  it('sends a user who already has two-factor on away from the setup screen', async () => {
    const done = { ...held, two_factor_enabled: true };
    const { router } = renderRoutes('/setup-two-factor', 'authenticated', done);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends a signed-out visitor of the setup screen to the login page', async () => {
    const { router } = renderRoutes('/setup-two-factor', 'anonymous');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('signs out from the setup screen', async () => {
    const fetch = mockApi({
      'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user: held }),
      'POST /api/auth/two-factor/setup': () => jsonResponse(200, SETUP),
      'POST /api/auth/logout': () => jsonResponse(200, { message: 'Logged out successfully' }),
    });
    saveSession('tok', held);
    const router = createMemoryRouter(routes, { initialEntries: ['/setup-two-factor'] });
    render(
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sentBodies(fetch, 'POST', '/api/auth/logout')).toHaveLength(1);
  });

  it('follows a 403 TWO_FACTOR_SETUP_REQUIRED from any call to the setup screen', async () => {
    const free = { ...held, two_factor_required: false };
    mockApi({
      'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user: free }),
      'GET /api/grievances': () =>
        jsonResponse(403, { error: 'Set up two-factor authentication to continue.', code: 'TWO_FACTOR_SETUP_REQUIRED' }, 'Forbidden'),
      'POST /api/auth/two-factor/setup': () => jsonResponse(200, SETUP),
    });
    saveSession('tok', free);
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard'] });
    render(
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await act(async () => {
      await api.get('/grievances').catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup-two-factor');
  });

  it('continues to /dashboard once enrolment is done, and stays there', async () => {
    const enabled = { ...held, two_factor_enabled: true };
    const fetch = mockApi({
      'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user: held }),
      'POST /api/auth/two-factor/setup': () => jsonResponse(200, SETUP),
      'POST /api/auth/two-factor/enable': () => jsonResponse(200, { recovery_codes: CODES }),
      'GET /api/auth/me': () => jsonResponse(200, enabled),
    });
    saveSession('tok', held);
    const router = createMemoryRouter(routes, { initialEntries: ['/grievances'] });
    render(
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    // The codes stay until the user says they are saved.
    expect(router.state.location.pathname).toBe('/setup-two-factor');
    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').two_factor_enabled).toBe(true);
    expect(sentBodies(fetch, 'POST', '/api/auth/two-factor/enable')).toEqual([{ code: '654321' }]);
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });
});
