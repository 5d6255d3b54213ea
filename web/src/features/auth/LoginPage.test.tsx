import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../api/client';
import { setSignedOutReason, signedOutReason } from '../../api/signed-out-reason';
import { getToken, saveSession } from '../../api/token-store';
import { adminUser, jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { renderLogin } from '../../test/render-login';

async function signIn(email = 'admin@e2e.test', password = 'secret-pass') {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('login page', () => {
  it('shows the title, subtitle and fields', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Grievance Portal' })).toBeInTheDocument();
    expect(screen.getByText('Police Department')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('lets the password be revealed', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: /show password/i }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('requires email and password before calling the server', async () => {
    const fetch = mockFetch(() => jsonResponse(200, {}));
    renderLogin();
    await signIn('', '');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads 'Signing in...' while busy, then goes to /dashboard", async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const router = renderLogin();
    await signIn();
    expect(screen.getByRole('button', { name: /Signing in\.\.\./ })).toBeDisabled();
    answer(jsonResponse(200, { token: 'tok-1', user: adminUser }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getToken()).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').name).toBe('E2E Admin');
  });

  it("shows 'Login Failed' with the server's text on a wrong password", async () => {
    mockFetch(() => jsonResponse(401, { error: 'Invalid email or password' }, 'Unauthorized'));
    renderLogin();
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login Failed');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(getToken()).toBeNull();
  });

  it('explains a missing server', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderLogin();
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cannot connect to server. Please ensure the backend is running.');
    expect(alert).toHaveTextContent('port 8080');
  });

  it('shows the status line when the server sends no text', async () => {
    mockFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed: 503 Service Unavailable');
  });

  it('can dismiss the banner', async () => {
    mockFetch(() => jsonResponse(401, { error: 'Invalid email or password' }, 'Unauthorized'));
    renderLogin();
    const user = await signIn();
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: /dismiss/i }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  describe('after a session ended by itself', () => {
    it('says it was inactivity, once', async () => {
      setSignedOutReason('inactivity');
      renderLogin();
      expect(screen.getByRole('status')).toHaveTextContent('You were signed out because of inactivity.');
      expect(signedOutReason()).toBeNull();
      await userEvent.setup().click(screen.getByRole('button', { name: /dismiss/i }));
      expect(screen.queryByText('You were signed out because of inactivity.')).not.toBeInTheDocument();
    });

    it('says the time limit was reached', () => {
      setSignedOutReason('lifetime');
      renderLogin();
      expect(screen.getByRole('status')).toHaveTextContent('Your session reached its time limit. Please sign in again.');
    });

    it('says the session has ended when the stored one is refused on load', async () => {
      vi.spyOn(browser, 'pathname').mockReturnValue('/');
      saveSession('ended-on-the-server', makeUser());
      mockFetch(() => jsonResponse(401, { error: 'Your session has ended. Please sign in again.' }, 'Unauthorized'));
      renderLogin();
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
      expect(getToken()).toBeNull();
    });

    it('says nothing after signing out', () => {
      renderLogin();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });
});
