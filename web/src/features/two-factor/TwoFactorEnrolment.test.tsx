import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../test/api-mock';
import { jsonResponse } from '../../test/fixtures';
import { RECOVERY_CODES_FILENAME } from './RecoveryCodesPanel';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const SETUP = {
  secret: SECRET,
  otpauth_url: `otpauth://totp/Grievance%20Portal:asha%40police.test?secret=${SECRET}&issuer=Grievance%20Portal`,
};
const CODES = Array.from({ length: 10 }, (_, i) => `c0d${i}-r3c${i}`);
const INVALID = 'The code is not valid. Check your authenticator app and try again.';

function api(enable: (body: unknown) => Response = () => jsonResponse(200, { recovery_codes: CODES })) {
  return mockApi({
    'POST /api/auth/two-factor/setup': () => jsonResponse(200, SETUP),
    'POST /api/auth/two-factor/enable': enable,
  });
}

/** Catches the download link's click: what would be saved, under which name. */
function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
  return saved;
}

describe('two-factor enrolment', () => {
  it('shows the QR code with an alt text and the key in groups of four', async () => {
    const fetch = api();
    render(<TwoFactorEnrolment onDone={vi.fn()} />);
    const qr = await screen.findByRole('img', {
      name: 'QR code to add your Grievance Portal account to an authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(screen.getByText('Setup key')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify and turn on' })).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/two-factor/setup')).toHaveLength(1);
  });

  it("shows the server's message for a wrong code and no recovery codes", async () => {
    const fetch = api(() => jsonResponse(400, { error: INVALID, code: 'TWO_FACTOR_CODE_INVALID' }, 'Bad Request'));
    render(<TwoFactorEnrolment onDone={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/two-factor/enable')).toEqual([{ code: '000000' }]);
  });

  it('checks the code before sending it', async () => {
    const fetch = api();
    render(<TwoFactorEnrolment onDone={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify and turn on' }));
    expect(screen.getByText('Enter the code from your authenticator app')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(screen.getByText('The code is the 6 digits your authenticator app shows')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/two-factor/enable')).toEqual([]);
  });

  it('shows the ten recovery codes once, downloads them as .txt, and goes on when saved', async () => {
    api();
    const saved = catchDownloads();
    const onDone = vi.fn();
    render(<TwoFactorEnrolment onDone={onDone} accountEmail="asha@police.test" />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    const heading = await screen.findByRole('heading', { name: 'Save your recovery codes' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Two-factor authentication is now on.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    // The QR code and the key are gone with the scan step.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByTestId('two-factor-secret')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download codes' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe(RECOVERY_CODES_FILENAME);
    expect(saved[0].name.endsWith('.txt')).toBe(true);
    expect(saved[0].blob.type).toBe('text/plain;charset=utf-8');
    const text = await saved[0].blob.text();
    expect(text).toContain('Account: asha@police.test');
    for (const code of CODES) expect(text).toContain(code);

    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('offers another try when the setup cannot start, and Cancel when allowed', async () => {
    let fail = true;
    mockApi({
      'POST /api/auth/two-factor/setup': () =>
        fail ? jsonResponse(500, { error: 'Internal error' }, 'Internal Server Error') : jsonResponse(200, SETUP),
    });
    const onCancel = vi.fn();
    render(<TwoFactorEnrolment onDone={vi.fn()} onCancel={onCancel} />);
    const user = userEvent.setup();
    expect(await screen.findByText('Internal error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('two-factor-secret')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
