// The texts of the 'Login Failed' banner.
import { ApiError, NetworkError } from '../../api/errors';
import { i18n } from '../../i18n';

export const BACKEND_PORT = 8080;

export interface LoginErrorText {
  message: string;
  hint?: string;
}

export const CANNOT_CONNECT = 'Cannot connect to server. Please ensure the backend is running.';
export const CANNOT_CONNECT_HINT = `The portal server listens on port ${BACKEND_PORT} by default (start it with "make run").`;
export const UNEXPECTED = 'An unexpected error occurred. Please try again.';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`auth:${key}`, values);

export function loginErrorText(error: unknown): LoginErrorText {
  if (error instanceof ApiError) {
    return {
      message: error.serverMessage ?? t('loginFailedStatus', { status: `${error.status} ${error.statusText}`.trim() }),
    };
  }
  if (error instanceof NetworkError) {
    return { message: t('cannotConnect'), hint: t('cannotConnectHint', { port: BACKEND_PORT }) };
  }
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: t('unexpected') };
}
