// Add or edit a role (spec §2 "Role Management", §5 "Role").
import { useState, type FormEvent } from 'react';
import { Alert, Button, Grid, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { ApiError, errorText } from '../../api/errors';
import type { PermissionResource, RoleView } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { rolesApi } from './api';
import { PermissionGrid } from './PermissionGrid';
import { gridFromPermissions, permissionsForSave, roleNameError, type GridFlag } from './role-form';

interface RoleFormDialogProps {
  /** The role being edited; none to add one. */
  role?: RoleView;
  onClose: () => void;
  onSaved: (role: RoleView) => void;
}

export function RoleFormDialog({ role, onClose, onSaved }: RoleFormDialogProps) {
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [grid, setGrid] = useState(() => gridFromPermissions(role?.permissions));
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function toggle(resource: PermissionResource, flag: GridFlag, value: boolean) {
    setGrid((current) => ({ ...current, [resource]: { ...current[resource], [flag]: value } }));
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
    setBusy(true);
    const input = { name: name.trim(), description: description.trim(), permissions: permissionsForSave(grid) };
    try {
      onSaved(role ? await rolesApi.update(role.id, input) : await rolesApi.create(input));
    } catch (error) {
      setFailure(errorText(error, 'Failed to save role'));
      if (error instanceof ApiError && error.fields.name) setNameError(error.fields.name);
      setBusy(false);
    }
  }

  return (
    <Dialog title={role ? `Edit Role: ${role.name}` : 'Add New Role'} onClose={onClose} size="large" busy={busy}>
      <form onSubmit={onSubmit} noValidate aria-label={role ? 'Edit role' : 'Add role'} className="modal-form">
        <div className="modal-body">
          {failure ? (
            <Alert variation="error" marginBottom="medium">
              {failure}
            </Alert>
          ) : null}
          <Grid templateColumns={{ base: '1fr', medium: '1fr 1.4fr' }} gap="medium" marginBottom="large">
            <TextField
              label="Role Name"
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
              label="Description"
              name="description"
              rows={2}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </Grid>
          <PermissionGrid grid={grid} onChange={toggle} disabled={busy} />
          <Text className="field-hint" marginTop="small">
            Resources with nothing ticked are left out of the role.
          </Text>
        </div>
        <div className="modal-foot">
          <Button onClick={onClose} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variation="primary" isLoading={busy} loadingText="Saving...">
            {role ? 'Save Changes' : 'Add Role'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
