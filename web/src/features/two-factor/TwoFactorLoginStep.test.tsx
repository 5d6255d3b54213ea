import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getToken } from '../../api/token-store';
import { mockApi, sentBodies } from '../../test/api-mock';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { renderLogin } from '../../test/render-login';

const officer = makeUser({ name: 'Kiran Das', two_factor_enabled: true, two_factor_required: true });
const CHALLENGE = 'chal-1';
const INVALID = 'The code is not valid. Check your authenticator app and try again.';
const REUSED = 'This code has already been used. Wait for the next one.';
const EXPIRED = 'The sign-in took too long. Please sign in again.';

/** The login page, with a stand-in enrolment screen for a user who must set up two-factor. */
const renderLoginWithEnrolment = () => renderLogin([{ path: '/setup-two-factor', element: <h1>Enrolment</h1> }]);

function api(twoFactor: (body: unknown) => Response) {
  return mockApi({
    'POST /api/auth/login': () => jsonResponse(200, { two_factor_required: true, challenge: CHALLENGE }),
    'POST /api/auth/login/two-factor': twoFactor,
  });
}

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'kiran@police.test');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-factor authentication' });
  return user;
}

describe('two-factor sign-in step', () => {
  it('asks for the code after the password and completes the session with it', async () => {
    const fetch = api(() => jsonResponse(200, { token: 'tok-2fa', user: officer }));
    const router = renderLoginWithEnrolment();
    const user = await passwordStep();
    expect(getToken()).toBeNull();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');

    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getToken()).toBe('tok-2fa');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').name).toBe('Kiran Das');
    expect(sentBodies(fetch, 'POST', '/api/auth/login/two-factor')).toEqual([{ challenge: CHALLENGE, code: '123456' }]);
  });

  it('checks the code is six digits before asking the server', async () => {
    const fetch = api(() => jsonResponse(200, { token: 'tok', user: officer }));
    renderLoginWithEnrolment();
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the code from your authenticator app')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '12a45');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('The code is the 6 digits your authenticator app shows')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/login/two-factor')).toEqual([]);
  });

  it("shows the server's message for a wrong or reused code and stays on the step", async () => {
    let answer = { error: INVALID, code: 'TWO_FACTOR_CODE_INVALID' };
    api(() => jsonResponse(401, answer, 'Unauthorized'));
    renderLoginWithEnrolment();
    const user = await passwordStep();
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVALID);
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    expect(getToken()).toBeNull();

    answer = { error: REUSED, code: 'TWO_FACTOR_CODE_REUSED' };
    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(REUSED)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
  });

  it('goes back to the password step when the challenge has expired', async () => {
    api(() => jsonResponse(401, { error: EXPIRED, code: 'TWO_FACTOR_CHALLENGE_EXPIRED' }, 'Unauthorized'));
    renderLoginWithEnrolment();
    const user = await passwordStep();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });

  it('accepts a recovery code instead', async () => {
    const fetch = api(() => jsonResponse(200, { token: 'tok-rec', user: officer }));
    renderLoginWithEnrolment();
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByText('Enter one of your recovery codes. Each code works only once.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Recovery code'), ' abcd-efgh ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/login/two-factor')).toEqual([{ challenge: CHALLENGE, code: 'abcd-efgh' }]);
  });

  it('lets the user switch back to the app code and give up on the sign-in', async () => {
    api(() => jsonResponse(200, { token: 'tok', user: officer }));
    renderLoginWithEnrolment();
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('sends a user whose role requires two-factor and who has none to enrolment', async () => {
    mockApi({
      'POST /api/auth/login': () =>
        jsonResponse(200, { token: 'tok-new', user: makeUser({ name: 'New Officer' }), two_factor_setup_required: true }),
    });
    const router = renderLoginWithEnrolment();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'new@police.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Enrolment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup-two-factor');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      two_factor_required: true,
      two_factor_enabled: false,
    });
  });
});
