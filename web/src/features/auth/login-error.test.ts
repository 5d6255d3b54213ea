import { ApiError, NetworkError } from '../../api/errors';
import { loginErrorText } from './login-error';

describe('login error texts', () => {
  it("shows the server's error field", () => {
    const error = new ApiError(401, 'Unauthorized', { error: 'Invalid email or password' });
    expect(loginErrorText(error)).toEqual({ message: 'Invalid email or password' });
  });

  it("shows the server's message field when there is no error field", () => {
    const error = new ApiError(403, 'Forbidden', { message: 'Account is inactive' });
    expect(loginErrorText(error).message).toBe('Account is inactive');
  });

  it('shows the lock-out text of a 429', () => {
    const text = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    expect(loginErrorText(new ApiError(429, 'Too Many Requests', { error: text })).message).toBe(text);
  });

  it('falls back to the status line when the body has no text', () => {
    expect(loginErrorText(new ApiError(502, 'Bad Gateway', null)).message).toBe('Login failed: 502 Bad Gateway');
    expect(loginErrorText(new ApiError(500, 'Internal Server Error', '<html>oops</html>')).message).toBe(
      'Login failed: 500 Internal Server Error',
    );
  });

  it('explains a missing server, with a hint about the backend port', () => {
    const text = loginErrorText(new NetworkError(new TypeError('Failed to fetch')));
    expect(text.message).toBe('Cannot connect to server. Please ensure the backend is running.');
    expect(text.hint).toBe('The portal server listens on port 8080 by default (start it with "make run").');
  });

  it("shows any other error's message", () => {
    expect(loginErrorText(new Error('Token missing in response')).message).toBe('Token missing in response');
  });

  it('falls back to a generic text for anything else', () => {
    expect(loginErrorText('boom').message).toBe('An unexpected error occurred. Please try again.');
    expect(loginErrorText(new Error('')).message).toBe('An unexpected error occurred. Please try again.');
  });
});
