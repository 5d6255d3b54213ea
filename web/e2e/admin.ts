// The administrator every fresh e2e portal is seeded with (e2e/portal-server.ts).
export const ADMIN = {
  email: 'admin@e2e.test',
  password: 'E2e-Admin-Pass-1',
  name: 'E2E Admin',
} as const;
