// The grievance list's 'Views' menu: the user's saved views and those the Admin published to
// their role (marked), the default one marked too and the one on screen ticked; under them
// 'Save view…', 'Manage views…' and, for an Admin Panel keeper, 'Publish to a role…'. Opening
// a view shows the list with its filters, order and row spacing.
import { Badge, Divider, Menu, MenuButton, MenuItem, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ViewEntry, Views } from '../../../api/types';
import { Icon } from '../../../components/icons';
import { sameQuery } from './saved-views';

interface ViewsMenuProps {
  views: Views | undefined;
  /** The views could not be read: the menu says so, and still saves. */
  failed: boolean;
  /** The list's query now (filters and order). */
  query: string;
  onOpen: (view: ViewEntry) => void;
  onSave: () => void;
  onManage: () => void;
  /** Publishes the list as it is to a role (the Admin Panel's tab); absent without the right. */
  onPublish?: () => void;
}

export function ViewsMenu({ views, failed, query, onOpen, onSave, onManage, onPublish }: ViewsMenuProps) {
  const { t } = useTranslation('grievances');
  const entries = views?.views ?? [];
  // The first view that shows the list as it is now: several may, one is ticked.
  const open = entries.find((view) => sameQuery(view.query, query));
  return (
    <Menu
      ariaLabel={t('views.menu')}
      menuAlign="end"
      size="small"
      trigger={
        <MenuButton size="small" className="views-trigger" gap="xxs">
          {t('views.button')}
          <Icon name="chevronDown" size={18} />
        </MenuButton>
      }
    >
      {/* The menu hands its props to each child: items and dividers, never a fragment. */}
      {entries.map((view) => (
        <MenuItem key={view.id} className="view-item" onClick={() => onOpen(view)}>
          <span className="view-mark" aria-hidden="true">
            {view === open ? <Icon name="check" size={18} /> : null}
          </span>
          <span className="view-name">{view.name}</span>
          {view === open ? <VisuallyHidden>{t('views.onScreen')}</VisuallyHidden> : null}
          {view.published ? (
            <Badge size="small" className="view-badge">
              {t('views.published')}
            </Badge>
          ) : null}
          {view.id === views?.default_view ? (
            <Badge size="small" variation="info" className="view-badge">
              {t('views.default')}
            </Badge>
          ) : null}
        </MenuItem>
      ))}
      {entries.length === 0 ? (
        <MenuItem isDisabled className="view-item view-none">
          {failed ? t('views.loadFailed') : views ? t('views.none') : t('common:loading')}
        </MenuItem>
      ) : null}
      <Divider />
      <MenuItem onClick={onSave}>
        <Icon name="add" size={18} />
        {t('views.save')}
      </MenuItem>
      <MenuItem onClick={onManage} isDisabled={entries.length === 0}>
        <Icon name="edit" size={18} />
        {t('views.manage')}
      </MenuItem>
      {onPublish ? (
        <MenuItem onClick={onPublish}>
          <Icon name="upload" size={18} />
          {t('views.publish')}
        </MenuItem>
      ) : null}
    </Menu>
  );
}
