import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '../../api/token-store';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { ChangePasswordForm } from './ChangePasswordForm';

async function fill(current: string, next: string, confirm: string, user = userEvent.setup()) {
  if (current) await user.type(screen.getByLabelText('Current Password'), current);
  if (next) await user.type(screen.getByLabelText('New Password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('change password form', () => {
  beforeEach(() => saveSession('tok', makeUser()));

  it("refuses mismatched passwords with 'New passwords do not match'", async () => {
    const fetch = mockFetch(() => jsonResponse(200, {}));
    render(<ChangePasswordForm onClose={() => undefined} />);
    await fill('old-pass', 'abcdef', 'abcxyz');
    expect(screen.getByRole('alert')).toHaveTextContent('New passwords do not match');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses short passwords with 'Password must be at least 6 characters'", async () => {
    const fetch = mockFetch(() => jsonResponse(200, {}));
    render(<ChangePasswordForm onClose={() => undefined} />);
    await fill('old-pass', 'abc', 'abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends oldPassword and newPassword, shows success, then closes after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetch = mockFetch(() => jsonResponse(200, { message: 'Password changed successfully' }));
      const onClose = vi.fn();
      render(<ChangePasswordForm onClose={onClose} />);
      await fill('old-pass', 'new-pass-1', 'new-pass-1', userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));

      expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
      const [url, init] = fetch.mock.calls[0];
      expect(url).toBe('/api/auth/change-password');
      expect(init?.method).toBe('POST');
      expect(JSON.parse(String(init?.body))).toEqual({ oldPassword: 'old-pass', newPassword: 'new-pass-1' });

      act(() => vi.advanceTimersByTime(1500));
      expect(onClose).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(600));
      expect(onClose).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's error", async () => {
    mockFetch(() => jsonResponse(400, { error: 'Current password is incorrect' }, 'Bad Request'));
    render(<ChangePasswordForm onClose={() => undefined} />);
    await fill('wrong', 'new-pass-1', 'new-pass-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
  });

  it("falls back to 'Failed to change password'", async () => {
    mockFetch(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    render(<ChangePasswordForm onClose={() => undefined} />);
    await fill('old-pass', 'new-pass-1', 'new-pass-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to change password');
  });
});
