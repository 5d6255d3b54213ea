// A row's actions behind one small menu button, so that a row stays one line high and
// a destructive action waits inside the menu (after a divider, in red) rather than
// shouting on every row. The caller offers only the items the user's role allows.
import { Divider, Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { Link } from 'react-router';
import { Icon, type IconName } from '../icons';
import { inertOutside } from '../inert-outside';

export interface RowMenuItem {
  label: string;
  icon?: IconName;
  /** Where the item leads (a link); without it the item runs `onSelect`. */
  to?: string;
  onSelect?: () => void;
  /** Deletes or undoes something: set apart and in red. */
  danger?: boolean;
}

export function RowMenu({ label, items }: { label: string; items: readonly RowMenuItem[] }) {
  const firstDanger = items.findIndex((item) => item.danger);
  return (
    <Menu
      ref={inertOutside}
      ariaLabel={label}
      menuAlign="end"
      size="small"
      trigger={
        <MenuButton ariaLabel={label} size="small" className="row-menu-trigger">
          <Icon name="more" size={20} />
        </MenuButton>
      }
    >
      {/* The menu hands its props to each child: items and dividers, never a fragment. */}
      {items.flatMap((item, index) => {
        const className = item.danger ? 'row-menu-item row-menu-danger' : 'row-menu-item';
        const icon = item.icon ? <Icon name={item.icon} size={18} /> : null;
        const entry = item.to ? (
          <MenuItem key={item.label} as={Link} to={item.to} className={className}>
            {icon}
            {item.label}
          </MenuItem>
        ) : (
          <MenuItem key={item.label} onClick={item.onSelect} className={className}>
            {icon}
            {item.label}
          </MenuItem>
        );
        return index > 0 && index === firstDanger ? [<Divider key="divider" />, entry] : [entry];
      })}
    </Menu>
  );
}
