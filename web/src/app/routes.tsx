// The route table. The login page is part of the entry bundle; the
// shell and every protected screen load on demand.
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingState } from '../components/LoadingState';
import { LoginPage } from '../features/auth/LoginPage';
import { RequireAuth } from '../features/auth/RequireAuth';
import type { Action, Resource } from '../features/auth/permissions';
import { RouteError } from './RouteError';

type PageModule = Record<string, unknown> & { default: ComponentType };

/** A lazily loaded page, optionally behind a permission. */
function page(
  path: string,
  load: () => Promise<PageModule>,
  permission?: { resource: Resource; action: Action },
): RouteObject {
  const lazy = async () => ({ Component: (await load()).default });
  if (!permission) return { path, lazy };
  return {
    path,
    element: <RequireAuth resource={permission.resource} action={permission.action} />,
    children: [{ index: true, lazy }],
  };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingState fullPage />,
    children: [
      { index: true, element: <LoginPage /> },
      // Full screen, outside the shell: a role that requires two-factor holds the user here.
      {
        path: 'setup-two-factor',
        lazy: async () => ({ Component: (await import('../features/two-factor/SetupTwoFactorPage')).default }),
      },
      // Public: a new user opens it from their one-time sign-in link, before ever signing in.
      {
        path: 'set-password',
        lazy: async () => ({ Component: (await import('../features/auth/SetPasswordPage')).default }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layout/AppShell')).default }),
            children: [
              page('dashboard', () => import('../features/dashboard/DashboardPage')),
              page('grievances', () => import('../features/grievances/GrievanceListPage'), {
                resource: 'grievances',
                action: 'read',
              }),
              page('grievances/new', () => import('../features/grievances/GrievanceFormPage'), {
                resource: 'grievances',
                action: 'create',
              }),
              // Deleted grievances kept until their purge date: for those who may delete them.
              page('grievances/trash', () => import('../features/grievances/trash/TrashPage'), {
                resource: 'grievances',
                action: 'delete',
              }),
              page('grievances/edit/:id', () => import('../features/grievances/GrievanceFormPage'), {
                resource: 'grievances',
                action: 'update',
              }),
              page('grievances/:id', () => import('../features/grievances/GrievanceDetailPage'), {
                resource: 'grievances',
                action: 'read',
              }),
              page('users', () => import('../features/users/UsersPage'), { resource: 'users', action: 'read' }),
              page('roles', () => import('../features/roles/RolesPage'), { resource: 'roles', action: 'read' }),
              page('admin', () => import('../features/admin/AdminPage'), { resource: 'dropdowns', action: 'read' }),
              page('audit', () => import('../features/audit/AuditPage'), { resource: 'audit', action: 'read' }),
              page('reports', () => import('../features/reports/ReportsPage'), { resource: 'reports', action: 'read' }),
              page('profile', () => import('../features/profile/ProfilePage')),
              page('notifications', () => import('../features/notifications/NotificationsPage')),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];
