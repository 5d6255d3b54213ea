// The permissions grid of the role dialog: one row per resource, a checkbox
// per action, and under the grievances row only the grievance scope and
// approving others' closure requests.
import { useId } from 'react';
import { CheckboxField, SelectField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { PermissionResource } from '../../api/types';
import { ACTION_FLAGS, actionLabel, approveLabel, grantsOn, GRID_RESOURCES, GRIEVANCE_SCOPES, resourceLabel, scopeLabel, type GrievanceScope } from './permission-summary';
import type { GridFlag, PermissionGrid as Grid } from './role-form';

interface PermissionGridProps {
  grid: Grid;
  onChange: (resource: PermissionResource, flag: GridFlag, value: boolean) => void;
  scope: GrievanceScope;
  onScopeChange: (scope: GrievanceScope) => void;
  /** Holders approve or return others' closure requests. */
  approve: boolean;
  onApproveChange: (approve: boolean) => void;
  disabled?: boolean;
}

// A select sends back only the values it was given; anything else reads as the narrowest scope.
const asScope = (value: string): GrievanceScope => GRIEVANCE_SCOPES.find((scope) => scope === value) ?? 'own';

/** A choice rather than a checkbox: a role sees one of three nested sets of grievances. */
function GrievanceScopeField({ scope, onChange }: { scope: GrievanceScope; onChange: (scope: GrievanceScope) => void }) {
  const { t } = useTranslation('roles');
  const hintId = useId();
  return (
    <>
      <SelectField
        label={t('scope.label')}
        name="grievances.scope"
        size="small"
        value={scope}
        onChange={(event) => onChange(asScope(event.target.value))}
        aria-describedby={hintId}
      >
        {GRIEVANCE_SCOPES.map((option) => (
          <option key={option} value={option}>
            {scopeLabel(option)}
          </option>
        ))}
      </SelectField>
      <Text id={hintId} className="field-hint" marginTop="xxs">
        {t('scope.hint')}
      </Text>
    </>
  );
}

/** Approving closures: a grievances action that is not a column (no other resource has it). */
function ApproveClosuresField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('roles');
  const hintId = useId();
  return (
    <div className="perm-approve">
      <CheckboxField
        label={approveLabel()}
        name="grievances.can_approve"
        value="yes"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hintId}
      />
      <Text id={hintId} className="field-hint" marginTop="xxs">
        {t('approveHint')}
      </Text>
    </div>
  );
}

export function PermissionGrid({ grid, onChange, scope, onScopeChange, approve, onApproveChange, disabled = false }: PermissionGridProps) {
  const { t } = useTranslation('roles');
  const columns = ACTION_FLAGS.map((flag) => ({ flag, label: actionLabel(flag) }));
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
            const row = grid[resource];
            return [
              <tr key={resource} className={resource === 'grievances' ? 'perm-row has-extra' : 'perm-row'}>
                <th scope="row">{label}</th>
                {columns.map((column) =>
                  // An action that grants nothing on the resource has no box.
                  grantsOn(resource, column.flag) ? (
                    <td key={column.flag}>
                      <CheckboxField
                        name={`${resource}.${column.flag}`}
                        label={t('cellLabel', { action: column.label, resource: label })}
                        labelHidden
                        checked={row[column.flag]}
                        onChange={(event) => onChange(resource, column.flag, event.target.checked)}
                      />
                    </td>
                  ) : (
                    <td key={column.flag} className="perm-none" />
                  ),
                )}
              </tr>,
              resource === 'grievances' ? (
                <tr key="grievances-scope" className="perm-extra">
                  <td />
                  <td colSpan={columns.length}>
                    <GrievanceScopeField scope={scope} onChange={onScopeChange} />
                    <ApproveClosuresField checked={approve} onChange={onApproveChange} />
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
