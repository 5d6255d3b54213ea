import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon } from '../../components/icons';
import { hasPermission } from '../../features/auth/permissions';
import { useSession } from '../../features/auth/use-session';
import { NAV_ITEMS } from './nav-items';

interface NavLinksProps {
  label: string;
  onNavigate?: () => void;
}

/** The permitted navigation links as a labelled list. */
export function NavLinks({ label, onNavigate }: NavLinksProps) {
  const { user } = useSession();
  const { t } = useTranslation();
  const items = NAV_ITEMS.filter(
    (item) => !item.resource || hasPermission(user, item.resource, item.action ?? 'read'),
  );
  return (
    <nav aria-label={label}>
      <ul className="nav-list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to !== '/grievances'}
              className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}
              onClick={onNavigate}
            >
              <Icon name={item.icon} />
              <span>{t(item.labelKey)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
