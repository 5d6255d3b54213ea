// The top bar's user menu: Profile and Logout.
import { Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/icons';
import { useSession } from '../../features/auth/use-session';
import { initials } from './initials';

export function UserMenu() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  if (!user) return null;

  async function onLogout() {
    await logout();
    navigate('/', { replace: true });
  }

  return (
    <Menu
      ariaLabel="User menu"
      menuAlign="end"
      trigger={
        <MenuButton className="user-menu-trigger" ariaLabel={`User menu for ${user.name}`}>
          <span className="avatar" aria-hidden="true">
            {initials(user.name)}
          </span>
          <span className="user-menu-name">{user.name}</span>
          <Icon name="chevronDown" size={18} />
        </MenuButton>
      }
    >
      <MenuItem onClick={() => navigate('/profile')}>
        <Icon name="profile" size={18} />
        Profile
      </MenuItem>
      <MenuItem onClick={onLogout}>
        <Icon name="logout" size={18} />
        Logout
      </MenuItem>
    </Menu>
  );
}
