// The one portal every spec uses (e2e/portal-server.ts), with the default settings;
// its address is published to the specs as PORTAL_E2E_BASE_URL. Stopped afterwards.
import { startPortal } from './portal-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const portal = await startPortal();
  process.env.PORTAL_E2E_BASE_URL = portal.baseURL;
  return portal.stop;
}
