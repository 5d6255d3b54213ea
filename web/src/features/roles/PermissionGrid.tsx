// The permissions grid of the role dialog: one row per resource, a checkbox
// per action, and 'View All Grievances' under the grievances row only.
import { CheckboxField } from '@aws-amplify/ui-react';
import type { PermissionResource } from '../../api/types';
import { GRID_RESOURCES, RESOURCE_LABELS } from './permission-summary';
import type { GridFlag, PermissionGrid as Grid } from './role-form';

const COLUMNS: readonly { flag: GridFlag; label: string }[] = [
  { flag: 'can_create', label: 'Create' },
  { flag: 'can_read', label: 'Read' },
  { flag: 'can_update', label: 'Update' },
  { flag: 'can_delete', label: 'Delete' },
];

interface PermissionGridProps {
  grid: Grid;
  onChange: (resource: PermissionResource, flag: GridFlag, value: boolean) => void;
  disabled?: boolean;
}

export function PermissionGrid({ grid, onChange, disabled = false }: PermissionGridProps) {
  return (
    <fieldset className="perm-fieldset" disabled={disabled}>
      <legend className="perm-legend">Permissions</legend>
      <table className="perm-grid">
        <thead>
          <tr>
            <th scope="col">Resource</th>
            {COLUMNS.map((column) => (
              <th scope="col" key={column.flag}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {GRID_RESOURCES.map((resource) => {
            const label = RESOURCE_LABELS[resource];
            const entry = grid[resource];
            return [
              <tr key={resource} className={resource === 'grievances' ? 'perm-row has-extra' : 'perm-row'}>
                <th scope="row">{label}</th>
                {COLUMNS.map((column) => (
                  <td key={column.flag}>
                    <CheckboxField
                      name={`${resource}.${column.flag}`}
                      label={`${column.label} ${label}`}
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
                      label="View All Grievances"
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
