import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/icons';
import { hasPermission } from '../../features/auth/permissions';
import { useSession } from '../../features/auth/use-session';
import { NAV_ITEMS, type NavItem } from './nav-items';

interface NavLinksProps {
  label: string;
  onNavigate?: () => void;
}

const under = (path: string, to: string) => path === to || path.startsWith(`${to}/`);

/**
 * Whether `item` is the current screen's link: each link is its own screen's, except that
 * Grievances stays lit on a grievance's screens too, though not on a screen under it with
 * a link of its own (the Trash).
 */
export function isCurrent(item: NavItem, pathname: string, items: readonly NavItem[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  if (item.to !== '/grievances') return path === item.to;
  return under(path, item.to) && !items.some((other) => other !== item && other.to.startsWith(`${item.to}/`) && under(path, other.to));
}

/** The permitted navigation links as a labelled list. */
export function NavLinks({ label, onNavigate }: NavLinksProps) {
  const { user } = useSession();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter(
    (item) => !item.resource || hasPermission(user, item.resource, item.action ?? 'read'),
  );
  return (
    <nav aria-label={label}>
      <ul className="nav-list">
        {items.map((item) => {
          const current = isCurrent(item, pathname, NAV_ITEMS);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className={current ? 'nav-link active' : 'nav-link'}
                aria-current={current ? 'page' : undefined}
                onClick={onNavigate}
              >
                <Icon name={item.icon} />
                <span>{t(item.labelKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
