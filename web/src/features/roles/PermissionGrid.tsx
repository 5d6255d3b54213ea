// The permissions grid of the role dialog: one row per resource, a checkbox
// per action, and 'View All Grievances' under the grievances row only.
import { CheckboxField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { PermissionResource } from '../../api/types';
import { actionLabel, GRID_RESOURCES, resourceLabel } from './permission-summary';
import type { GridFlag, PermissionGrid as Grid } from './role-form';

const COLUMNS: readonly GridFlag[] = ['can_create', 'can_read', 'can_update', 'can_delete'];

interface PermissionGridProps {
  grid: Grid;
  onChange: (resource: PermissionResource, flag: GridFlag, value: boolean) => void;
  disabled?: boolean;
}

export function PermissionGrid({ grid, onChange, disabled = false }: PermissionGridProps) {
  const { t } = useTranslation('roles');
  const columns = COLUMNS.map((flag) => ({ flag, label: actionLabel(flag) }));
  return (
    <fieldset className="perm-fieldset" disabled={disabled}>
      <legend className="perm-legend">{t('permissions')}</legend>
      <table className="perm-grid">
        <thead>
          <tr>
            <th scope="col">{t('resource.label')}</th>
            {columns.map((column) => (
              <th scope="col" key={column.flag}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {GRID_RESOURCES.map((resource) => {
            const label = resourceLabel(resource);
            const entry = grid[resource];
            return [
              <tr key={resource} className={resource === 'grievances' ? 'perm-row has-extra' : 'perm-row'}>
                <th scope="row">{label}</th>
                {columns.map((column) => (
                  <td key={column.flag}>
                    <CheckboxField
                      name={`${resource}.${column.flag}`}
                      label={t('cellLabel', { action: column.label, resource: label })}
                      labelHidden
                      checked={entry[column.flag]}
                      onChange={(event) => onChange(resource, column.flag, event.target.checked)}
                    />
                  </td>
                ))}
              </tr>,
              resource === 'grievances' ? (
                <tr key="grievances-view-all" className="perm-extra">
                  <td />
                  <td colSpan={COLUMNS.length}>
                    <CheckboxField
                      name="grievances.can_view_all"
                      label={t('viewAllGrievances')}
                      checked={entry.can_view_all}
                      onChange={(event) => onChange('grievances', 'can_view_all', event.target.checked)}
                    />
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
