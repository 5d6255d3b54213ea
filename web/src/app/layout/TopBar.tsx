import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Emblem } from '../../components/Emblem';
import { Icon } from '../../components/icons';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}

export function TopBar({ drawerOpen, onOpenDrawer }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="app-topbar">
      <Button
        variation="link"
        className="icon-button on-dark menu-toggle"
        ariaLabel={t('shell.openNavigation')}
        aria-expanded={drawerOpen}
        aria-controls="nav-drawer"
        onClick={onOpenDrawer}
      >
        <Icon name="menu" />
      </Button>
      <Link to="/dashboard" className="app-brand">
        <Emblem size={32} />
        <span className="app-title">{t('appName')}</span>
      </Link>
      <div className="app-topbar-spacer" />
      <NotificationBell />
      <UserMenu />
    </header>
  );
}
