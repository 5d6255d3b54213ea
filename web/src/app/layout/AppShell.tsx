// The frame of every protected screen.
import { useRef, useState } from 'react';
import { Alert } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../../features/auth/use-session';
import { usePostingLabel } from '../../features/users/posting';
import { NavDrawer } from './NavDrawer';
import { NavLinks } from './NavLinks';
import { TopBar } from './TopBar';
import { useRouteFocus } from './use-route-focus';

export function AppShell() {
  const { user } = useSession();
  const posting = usePostingLabel(user?.posting);
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);

  return (
    <div className="app-shell">
      <a href="#main-content" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <TopBar drawerOpen={drawerOpen} onOpenDrawer={() => setDrawerOpen(true)} />
      <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <div className="app-body">
        <aside className="app-sidenav">
          <NavLinks label={t('shell.mainNavigation')} />
        </aside>
        <main id="main-content" className="app-main" tabIndex={-1} ref={main}>
          {user ? (
            <Alert variation="info" role="status" className="session-banner">
              {user.posting && user.posting.level !== 'state'
                ? t('shell.loggedInAsPosted', { name: user.name, role: user.role_name, posting })
                : t('shell.loggedInAs', { name: user.name, role: user.role_name })}
            </Alert>
          ) : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export default AppShell;
