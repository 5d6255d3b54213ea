// Add or edit a role on the Role Management screen. A role that grants
// nothing at all is saved only on a second press, after a warning that says what
// its users will be left with.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Grid, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../api/errors';
import type { PermissionResource, RoleView } from '../../api/types';
import { DialogForm } from '../../components/DialogForm';
import { ADMIN_ROLE } from '../auth/permissions';
import { useSession } from '../auth/use-session';
import { HintedCheckboxField } from '../../components/HintedCheckboxField';
import { rolesApi } from './api/roles';
import { PermissionGrid } from './PermissionGrid';
import {
  extrasFromPermissions,
  grantsNothing,
  gridFromPermissions,
  permissionsForSave,
  roleNameError,
  scopeFromPermissions,
  type GridFlag,
} from './role-form';
import type { GrievanceExtra } from './permission-summary';

interface RoleFormDialogProps {
  /** The role being edited; none to add one. */
  role?: RoleView;
  onClose: () => void;
  onSaved: (role: RoleView) => void;
}

export function RoleFormDialog({ role, onClose, onSaved }: RoleFormDialogProps) {
  const { t } = useTranslation('roles');
  const { t: tTwoFactor } = useTranslation('twoFactor');
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [grid, setGrid] = useState(() => gridFromPermissions(role?.permissions));
  const [scope, setScope] = useState(() => scopeFromPermissions(role?.permissions));
  // Carried from the role as it is, so that saving an unrelated change keeps them.
  const [extras, setExtras] = useState(() => extrasFromPermissions(role?.permissions));
  const [requireTwoFactor, setRequireTwoFactor] = useState(role?.require_two_factor === true);
  // A new role starts as the manager's own: one whose closures need approval may not hand out closing alone.
  const ownNeedsApproval = useSession().user?.closing_needs_approval === true;
  const [closingNeedsApproval, setClosingNeedsApproval] = useState(role ? role.closing_needs_approval === true : ownNeedsApproval);
  // The Admin role always closes alone: the server ignores the setting there.
  const isAdminRole = role?.name === ADMIN_ROLE;
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The user was told the role grants nothing: the next press saves it all the same.
  const [emptyWarned, setEmptyWarned] = useState(false);
  const warning = useRef<HTMLDivElement>(null);
  const empty = grantsNothing(grid, extras);
  const warned = emptyWarned && empty;

  useEffect(() => {
    if (warned) warning.current?.scrollIntoView?.({ block: 'nearest' });
  }, [warned]);

  function toggle(resource: PermissionResource, flag: GridFlag, value: boolean) {
    setGrid((current) => ({ ...current, [resource]: { ...current[resource], [flag]: value } }));
    setEmptyWarned(false);
  }

  function toggleExtra(flag: GrievanceExtra, value: boolean) {
    setExtras((current) => ({ ...current, [flag]: value }));
    setEmptyWarned(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const problem = roleNameError(name);
    setNameError(problem);
    setFailure(null);
    if (problem) {
      form.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
      return;
    }
    if (empty && !emptyWarned) {
      setEmptyWarned(true);
      return;
    }
    setBusy(true);
    const input = {
      name: name.trim(),
      description: description.trim(),
      permissions: permissionsForSave(grid, scope, extras),
      require_two_factor: requireTwoFactor,
      ...(isAdminRole ? {} : { closing_needs_approval: closingNeedsApproval }),
    };
    try {
      onSaved(role ? await rolesApi.update(role.id, input) : await rolesApi.create(input));
    } catch (error) {
      setFailure(errorText(error, t('saveFailed')));
      if (error instanceof ApiError && error.fields.name) setNameError(error.fields.name);
      setBusy(false);
    }
  }

  return (
    <DialogForm
      title={role ? t('editTitle', { name: role.name }) : t('addNew')}
      formLabel={role ? t('editForm') : t('addForm')}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={busy}
      failure={failure}
      submitLabel={warned ? t(role ? 'saveWithoutPermissions' : 'addWithoutPermissions') : role ? t('users:saveChanges') : t('add')}
      busyLabel={t('users:saving')}
      size="large"
    >
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1.4fr' }} gap="medium" marginBottom="large">
        <TextField
          label={t('name')}
          name="name"
          autoComplete="off"
          isRequired
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
          hasError={Boolean(nameError)}
          errorMessage={nameError}
        />
        <TextAreaField
          label={t('col.description')}
          name="description"
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Grid>
      <HintedCheckboxField
        label={tTwoFactor('roles.require')}
        hint={tTwoFactor('roles.requireHint')}
        name="require_two_factor"
        checked={requireTwoFactor}
        onChange={setRequireTwoFactor}
        disabled={busy}
      />
      {isAdminRole ? null : (
        <HintedCheckboxField
          label={t('closing.needsApproval')}
          hint={t('closing.needsApprovalHint')}
          name="closing_needs_approval"
          checked={closingNeedsApproval}
          onChange={setClosingNeedsApproval}
          disabled={busy}
        />
      )}
      <PermissionGrid
        grid={grid}
        onChange={toggle}
        scope={scope}
        onScopeChange={setScope}
        extras={extras}
        onExtraChange={toggleExtra}
        disabled={busy}
      />
      <Text className="field-hint" marginTop="small">
        {t('gridHint')}
      </Text>
      {warned ? (
        <Alert ref={warning} variation="warning" marginTop="medium" heading={t('grantsNothing.heading')}>
          {t('grantsNothing.text')}
        </Alert>
      ) : null}
    </DialogForm>
  );
}
