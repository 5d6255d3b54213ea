import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../../api/client';
import type { SessionUser } from '../../api/types';
import { saveSession } from '../../api/token-store';
import { mockApi, sentBodies } from '../../test/api-mock';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { SessionProvider } from '../auth/SessionProvider';
import ProfilePage from '../profile/ProfilePage';

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Portal:asha?secret=JBSWY3DPEHPK3PXP' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-000${i}`);
const INVALID = 'The code is not valid. Check your authenticator app and try again.';
const WRONG_PASSWORD = 'Current password is incorrect';
const LOCKED = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

/** Profile for a real (stored) session, so that turning two-factor on or off shows. */
function renderProfile(start: SessionUser, extra: Parameters<typeof mockApi>[0] = {}) {
  let server = start;
  const fetch = mockApi({
    'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user: server }),
    'GET /api/auth/me': () => jsonResponse(200, server),
    'POST /api/auth/two-factor/setup': () => jsonResponse(200, SETUP),
    'POST /api/auth/two-factor/enable': () => {
      server = { ...server, two_factor_enabled: true };
      return jsonResponse(200, { recovery_codes: CODES });
    },
    'POST /api/auth/two-factor/disable': (body) => {
      const { password, code } = body as { password: string; code: string };
      if (password !== 'Right-Pass-1') {
        return jsonResponse(
          400,
          { error: WRONG_PASSWORD, code: 'CURRENT_PASSWORD_INCORRECT', fields: { password: WRONG_PASSWORD } },
          'Bad Request',
        );
      }
      if (code !== '222222') {
        return jsonResponse(400, { error: INVALID, code: 'TWO_FACTOR_CODE_INVALID', fields: { code: INVALID } }, 'Bad Request');
      }
      server = { ...server, two_factor_enabled: false };
      return jsonResponse(200, { message: 'Two-factor authentication disabled' });
    },
    ...extra,
  });
  saveSession('tok', start);
  const router = createMemoryRouter([{ path: '*', element: <ProfilePage /> }], { initialEntries: ['/profile'] });
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: swrFetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </SWRConfig>,
  );
  return fetch;
}

async function section() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Two-Factor Authentication' });
  return heading.closest('.two-factor-panel') as HTMLElement;
}

describe('profile: two-factor authentication', () => {
  it('is Off with a set-up button; setting it up shows the codes, then On', async () => {
    const fetch = renderProfile(makeUser({ two_factor_enabled: false, two_factor_required: false }));
    const panel = await section();
    expect(within(panel).getByText('Status')).toBeInTheDocument();
    expect(within(panel).getByText('Off')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Set up two-factor authentication' }));

    expect(await within(panel).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Verification code'), '111111');
    await user.click(within(panel).getByRole('button', { name: 'Verify and turn on' }));
    expect(await within(panel).findByRole('list', { name: 'Recovery codes' })).toHaveTextContent(CODES[0]);
    await user.click(within(panel).getByRole('button', { name: 'I have saved these codes' }));

    expect(await within(panel).findByText('On')).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('Two-factor authentication is on.');
    // Shown once: the codes are gone and nothing offers them again.
    expect(within(panel).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/two-factor/setup')).toHaveLength(1);
  });

  it('can cancel the setup', async () => {
    renderProfile(makeUser({ two_factor_enabled: false }));
    const panel = await section();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Set up two-factor authentication' }));
    await within(panel).findByTestId('two-factor-secret');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).getByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  });

  it('turns it off with the current password and a current code; a wrong one says so', async () => {
    const fetch = renderProfile(makeUser({ two_factor_enabled: true, two_factor_required: false }));
    const panel = await section();
    expect(within(panel).getByText('On')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Turn off' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn Off Two-Factor Authentication' });
    const password = () => within(dialog).getByLabelText('Current Password');
    const code = () => within(dialog).getByLabelText('Authentication code');

    // Both are asked for before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(within(dialog).getByText('Current password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the code from your authenticator app')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/two-factor/disable')).toEqual([]);

    // A wrong password: said, and typed again; the code too, being good once.
    await user.type(password(), 'Guess-Pass-1');
    await user.type(code(), '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(WRONG_PASSWORD)).toBeInTheDocument();
    expect(password()).toHaveValue('');
    expect(code()).toHaveValue('');

    // A wrong code: said; the password stays.
    await user.type(password(), 'Right-Pass-1');
    await user.type(code(), '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(INVALID)).toBeInTheDocument();
    expect(password()).toHaveValue('Right-Pass-1');

    await user.type(code(), '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(panel).findByText('Off')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('Two-factor authentication is off.');
    expect(sentBodies(fetch, 'POST', '/api/auth/two-factor/disable')).toEqual([
      { password: 'Guess-Pass-1', code: '222222' },
      { password: 'Right-Pass-1', code: '999999' },
      { password: 'Right-Pass-1', code: '222222' },
    ]);
  });

  it('says when the sign-in lockout refuses turning it off', async () => {
    renderProfile(makeUser({ two_factor_enabled: true, two_factor_required: false }), {
      'POST /api/auth/two-factor/disable': () =>
        jsonResponse(429, { error: LOCKED, code: 'TOO_MANY_ATTEMPTS', params: { minutes: '15', plural: 's' } }, 'Too Many Requests'),
    });
    const panel = await section();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Turn off' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn Off Two-Factor Authentication' });
    await user.type(within(dialog).getByLabelText('Current Password'), 'Right-Pass-1');
    await user.type(within(dialog).getByLabelText('Authentication code'), '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(LOCKED)).toBeInTheDocument();
    expect(within(panel).getByText('On')).toBeInTheDocument();
  });

  it('offers no Turn off when the role requires two-factor', async () => {
    renderProfile(makeUser({ two_factor_enabled: true, two_factor_required: true }));
    const panel = await section();
    expect(within(panel).getByText('On')).toBeInTheDocument();
    expect(
      within(panel).getByText('Your role requires two-factor authentication, so it cannot be turned off.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
