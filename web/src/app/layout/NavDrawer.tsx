// The slide-out navigation panel for narrow screens: who is signed in, then
// the same links as the left navigation. A modal <dialog>: Escape closes it,
// focus stays inside while open and returns to the toggle afterwards.
import { useEffect, useRef } from 'react';
import { Badge, Button, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { useSession } from '../../features/auth/use-session';
import { NavLinks } from './NavLinks';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
}

export function NavDrawer({ open, onClose }: NavDrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { user } = useSession();
  const { t } = useTranslation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      id="nav-drawer"
      className="nav-drawer"
      aria-label={t('shell.navigationPanel')}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="nav-drawer-head">
        <div className="nav-drawer-user">
          <Text className="nav-drawer-name">{user?.name}</Text>
          <Text className="nav-drawer-email">{user?.email}</Text>
          {user ? (
            <Badge size="small" className="role-badge">
              {user.role_name}
            </Badge>
          ) : null}
        </div>
        <Button variation="link" className="icon-button on-dark" ariaLabel={t('shell.closeNavigation')} onClick={onClose}>
          <Icon name="close" />
        </Button>
      </div>
      <div className="nav-drawer-body">
        <NavLinks label={t('shell.mainNavigationPanel')} onNavigate={onClose} />
      </div>
    </dialog>
  );
}
