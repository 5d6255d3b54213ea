// The top bar's user menu: Profile, the language (English / हिन्दी) and Logout.
import { Divider, Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/icons';
import { useSession } from '../../features/auth/use-session';
import { currentLanguage, LANGUAGES, setLanguage } from '../../i18n';
import { initials } from './initials';
import { inertOutside } from '../../components/inert-outside';

export function UserMenu() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (!user) return null;
  const language = currentLanguage();

  async function onLogout() {
    await logout();
    navigate('/', { replace: true });
  }

  return (
    <Menu
      ref={inertOutside}
      ariaLabel={t('shell.userMenu')}
      menuAlign="end"
      trigger={
        <MenuButton className="user-menu-trigger" ariaLabel={t('shell.userMenuFor', { name: user.name })}>
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
        {t('shell.profile')}
      </MenuItem>
      <Divider />
      {LANGUAGES.map((option) => (
        <MenuItem
          key={option.code}
          lang={option.code}
          aria-current={option.code === language ? 'true' : undefined}
          className={option.code === language ? 'language-item current' : 'language-item'}
          onClick={() => void setLanguage(option.code)}
        >
          <span className="language-mark" aria-hidden="true">
            {option.code === language ? <Icon name="check" size={18} /> : null}
          </span>
          {option.label}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem onClick={onLogout}>
        <Icon name="logout" size={18} />
        {t('shell.logout')}
      </MenuItem>
    </Menu>
  );
}
