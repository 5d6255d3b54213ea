// The Hindi catalogues, one chunk fetched the first time Hindi is chosen (see index.ts).
import hiCommon from './locales/hi/common.json';
import hiAuth from './locales/hi/auth.json';
import hiDashboard from './locales/hi/dashboard.json';
import hiGrievances from './locales/hi/grievances.json';
import hiCasework from './locales/hi/casework.json';
import hiUsers from './locales/hi/users.json';
import hiRoles from './locales/hi/roles.json';
import hiAdmin from './locales/hi/admin.json';
import hiAudit from './locales/hi/audit.json';
import hiProfile from './locales/hi/profile.json';
import hiErrors from './locales/hi/errors.json';
import hiTwoFactor from './locales/hi/twoFactor.json';
import hiReports from './locales/hi/reports.json';
import hiNotifications from './locales/hi/notifications.json';

export const hindi = {
  common: hiCommon,
  auth: hiAuth,
  dashboard: hiDashboard,
  grievances: hiGrievances,
  casework: hiCasework,
  users: hiUsers,
  roles: hiRoles,
  admin: hiAdmin,
  audit: hiAudit,
  profile: hiProfile,
  errors: hiErrors,
  twoFactor: hiTwoFactor,
  reports: hiReports,
  notifications: hiNotifications,
};
