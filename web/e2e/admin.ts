// The administrator the global setup seeds into the fresh portal.
export const ADMIN = {
  email: 'admin@e2e.test',
  password: 'E2e-Admin-Pass-1',
  name: 'E2E Admin',
} as const;
