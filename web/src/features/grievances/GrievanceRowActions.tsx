// A grievance row's actions behind one small menu button, so that a row stays
// one line high and Delete waits inside the menu rather than shouting on every
// row. Each item is offered only when the user's role allows it.
import { Divider, Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GrievanceRow } from '../../api/types';
import { Icon } from '../../components/icons';

interface GrievanceRowActionsProps {
  grievance: GrievanceRow;
  canRead: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onDelete: (grievance: GrievanceRow) => void;
}

export function GrievanceRowActions({ grievance, canRead, canUpdate, canDelete, onDelete }: GrievanceRowActionsProps) {
  const { t } = useTranslation('grievances');
  const label = t('list.actionsFor', { number: grievance.grievance_number });
  return (
    <Menu
      ariaLabel={label}
      menuAlign="end"
      size="small"
      trigger={
        <MenuButton ariaLabel={label} size="small" className="row-menu-trigger">
          <Icon name="more" size={20} />
        </MenuButton>
      }
    >
      {canRead ? (
        <MenuItem as={Link} to={`/grievances/${grievance.id}`} className="row-menu-item">
          <Icon name="view" size={18} />
          {t('list.view')}
        </MenuItem>
      ) : null}
      {canUpdate ? (
        <MenuItem as={Link} to={`/grievances/edit/${grievance.id}`} className="row-menu-item">
          <Icon name="edit" size={18} />
          {t('list.edit')}
        </MenuItem>
      ) : null}
      {canDelete && (canRead || canUpdate) ? <Divider /> : null}
      {canDelete ? (
        <MenuItem onClick={() => onDelete(grievance)} className="row-menu-item row-menu-danger">
          <Icon name="delete" size={18} />
          {t('common:delete')}
        </MenuItem>
      ) : null}
    </Menu>
  );
}
