import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../../i18n';
import { sentBodies } from '../../test/api-mock';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { renderRoutes } from '../../test/render-routes';
import SetPasswordPage from './SetPasswordPage';

const URL_PATH = '/api/auth/set-password';

function renderPage(path = '/set-password#token=tok-123') {
  const router = createMemoryRouter(
    [
      { path: '/set-password', element: <SetPasswordPage /> },
      { path: '/', element: <h1>Sign in page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function fill(next: string, confirm: string, user = userEvent.setup()) {
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
  return user;
}

describe('set password from a sign-in link', () => {
  it('refuses passwords that do not match, and short ones, before sending', async () => {
    const fetch = mockFetch(() => jsonResponse(200, { success: true }));
    renderPage();
    const user = await fill('abcdef1', 'abcdef2');
    expect(screen.getByText('New passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await fill('abc', 'abc', user);
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the token from the fragment with the new password, then points to sign-in', async () => {
    const fetch = mockFetch(() => jsonResponse(200, { success: true, data: { message: 'Password set' } }));
    const router = renderPage();
    // The token leaves the address once read.
    expect(router.state.location.hash).toBe('');
    const user = await fill('New-Pass-1', 'New-Pass-1');
    expect(await screen.findByText('Your password is set. Sign in with your email and the new password.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', URL_PATH)).toEqual([{ token: 'tok-123', new_password: 'New-Pass-1' }]);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });

  it("shows the server's refusal of the password under it, and a spent link above the form", async () => {
    let answer = jsonResponse(400, { error: 'Validation failed', code: 'VALIDATION_FAILED', fields: { new_password: 'Password is too common' } });
    mockFetch(() => answer);
    renderPage();
    const user = await fill('password', 'password');
    expect(await screen.findByText('Password is too common')).toBeInTheDocument();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();

    answer = jsonResponse(400, { error: 'This sign-in link is not valid any more. Ask an administrator for a new one.', code: 'SIGN_IN_LINK_INVALID' });
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is not valid any more. Ask an administrator for a new one.');
  });

  it('says a link without its token is incomplete', () => {
    mockFetch(() => jsonResponse(200, {}));
    renderPage('/set-password');
    expect(screen.getByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('is in Hindi on the Hindi screens', async () => {
    mockFetch(() => jsonResponse(200, {}));
    await act(() => i18n.changeLanguage('hi'));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'अपना पासवर्ड बनाएँ' })).toBeInTheDocument();
    expect(screen.getByLabelText('नया पासवर्ड')).toBeInTheDocument();
  });

  it('opens signed out, from the route table', async () => {
    mockFetch(() => jsonResponse(200, {}));
    renderRoutes('/set-password#token=tok-9', 'anonymous');
    expect(await screen.findByRole('form', { name: 'Set password' })).toBeInTheDocument();
  });
});
