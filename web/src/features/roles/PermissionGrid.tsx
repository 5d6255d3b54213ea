// The permissions grid of the role dialog: one row per resource, a checkbox
// per action, and under the grievances row only the grievance scope and the
// extra actions (approving others' closure requests, viewing sensitive identities,
// withholding from publication).
import { useId } from 'react';
import { CheckboxField, SelectField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { PermissionResource } from '../../api/types';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import {
  ACTION_FLAGS,
  actionLabel,
  extraLabel,
  grantsOn,
  GRID_RESOURCES,
  GRIEVANCE_EXTRAS,
  GRIEVANCE_SCOPES,
  resourceLabel,
  scopeLabel,
  type GrievanceExtra,
  type GrievanceScope,
} from './permission-summary';
import type { GridFlag, GrievanceExtras, PermissionGrid as Grid } from './role-form';

interface PermissionGridProps {
  grid: Grid;
  onChange: (resource: PermissionResource, flag: GridFlag, value: boolean) => void;
  scope: GrievanceScope;
  onScopeChange: (scope: GrievanceScope) => void;
  /** The extra grievances actions ticked: approving closures, viewing sensitive identities, withholding from publication. */
  extras: GrievanceExtras;
  onExtraChange: (flag: GrievanceExtra, value: boolean) => void;
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

/** An extra grievances action: a checkbox with its hint, not a column (no other resource has it). */
function ExtraActionField({ flag, checked, onChange }: { flag: GrievanceExtra; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('roles');
  const hintId = useId();
  return (
    <div className="perm-extra">
      <CheckboxField
        label={extraLabel(flag)}
        name={`grievances.${flag}`}
        value="yes"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hintId}
      />
      <Text id={hintId} className="field-hint" marginTop="xxs">
        {t(`extraHint.${flag}`)}
      </Text>
    </div>
  );
}

export function PermissionGrid({ grid, onChange, scope, onScopeChange, extras, onExtraChange, disabled = false }: PermissionGridProps) {
  const { t } = useTranslation('roles');
  const columns: Column<PermissionResource>[] = [
    { id: 'resource', header: t('resource.label'), rowHeader: true, cell: (resource) => resourceLabel(resource) },
    ...ACTION_FLAGS.map((flag): Column<PermissionResource> => {
      const label = actionLabel(flag);
      return {
        id: flag,
        header: label,
        // An action that grants nothing on the resource has no box.
        className: (resource) => (grantsOn(resource, flag) ? undefined : 'perm-none'),
        cell: (resource) =>
          grantsOn(resource, flag) ? (
            <CheckboxField
              name={`${resource}.${flag}`}
              label={t('cellLabel', { action: label, resource: resourceLabel(resource) })}
              labelHidden
              checked={grid[resource][flag]}
              onChange={(event) => onChange(resource, flag, event.target.checked)}
            />
          ) : null,
      };
    }),
  ];
  return (
    <fieldset className="perm-fieldset" disabled={disabled}>
      <legend className="perm-legend">{t('permissions')}</legend>
      <DataTable
        columns={columns}
        rows={GRID_RESOURCES}
        rowKey={(resource) => resource}
        className="perm-grid"
        rowExtra={(resource) =>
          resource === 'grievances' ? (
            <>
              <GrievanceScopeField scope={scope} onChange={onScopeChange} />
              {GRIEVANCE_EXTRAS.map((flag) => (
                <ExtraActionField key={flag} flag={flag} checked={extras[flag]} onChange={(value) => onExtraChange(flag, value)} />
              ))}
            </>
          ) : null
        }
      />
    </fieldset>
  );
}
