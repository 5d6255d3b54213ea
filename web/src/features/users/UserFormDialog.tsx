// Add or edit a user on the User Management screen.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Grid, PasswordField, SelectField, SwitchField, TextField } from '@aws-amplify/ui-react';
import { ApiError, errorText } from '../../api/errors';
import type { PostingWire, UserRequest, UserView } from '../../api/types';
import { useSession } from '../auth/use-session';
import { DialogForm } from '../../components/DialogForm';
import { useActiveItems } from '../admin/api/use-active-items';
import { optionsWithCurrent } from '../admin/item-options';
import { useRoleOptions } from './api/use-role-options';
import { usersApi } from './api/users';
import { placesFor, POSTING_LEVELS, postingOf, postingValues, useOrganisationLists, type PostingLevel } from './posting';
import { EMPTY_USER, userFormErrors, type UserField, type UserFieldErrors, type UserFormMode, type UserFormValues } from './user-rules';
import { passwordFieldLabels } from '../../i18n/amplify-labels';

interface UserFormDialogProps {
  mode: UserFormMode;
  /** The user being edited (edit mode). */
  user?: UserView;
  onClose: () => void;
  onSaved: (user: UserView) => void;
}

const FIELDS: readonly UserField[] = ['name', 'email', 'password', 'phone', 'department', 'designation', 'role_id', 'posting'];

/** A new user starts at the posting of who adds them, the widest they may give. */
function initialValues(user: UserView | undefined, adder: PostingWire | undefined): UserFormValues {
  if (!user) return { ...EMPTY_USER, posting: postingValues(adder) };
  return {
    name: user.name,
    email: user.email,
    password: '',
    phone: user.phone ?? '',
    department: user.department ?? '',
    designation: user.designation ?? '',
    role_id: user.role_id,
    active: user.status === 'active',
    posting: postingValues(user.posting),
  };
}

/** Server field messages for the fields this form shows. */
function serverFieldErrors(error: unknown): UserFieldErrors {
  if (!(error instanceof ApiError)) return {};
  const fields = error.fields;
  const errors: UserFieldErrors = {};
  for (const field of FIELDS) if (fields[field]) errors[field] = fields[field];
  return errors;
}

/** Focuses the first field marked invalid once React has drawn it. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  window.setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

export function UserFormDialog({ mode, user, onClose, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation('users');
  const session = useSession();
  const [values, setValues] = useState<UserFormValues>(() => initialValues(user, session.user?.posting));
  const [errors, setErrors] = useState<UserFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const departments = useActiveItems('departments');
  const designations = useActiveItems('designations');
  const roles = useRoleOptions();
  const organisation = useOrganisationLists();
  const places = placesFor(values.posting.level, organisation.districts, organisation.stations, values.posting.place);

  const roleOptions = roles.data
    ? roles.data.data.map((role) => ({ id: role.id, name: role.name }))
    : user
      ? [{ id: user.role_id, name: user.role_name }]
      : [];

  function set<K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const problems = userFormErrors(values, mode);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFailure(null);
      focusFirstInvalid(form);
      return;
    }
    const body: UserRequest = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim() || null,
      department: values.department,
      designation: values.designation,
      role_id: values.role_id,
      status: values.active ? 'active' : 'inactive',
      posting: postingOf(values.posting),
    };
    if (mode === 'add') body.password = values.password;

    setBusy(true);
    setFailure(null);
    try {
      const saved = mode === 'add' || !user ? await usersApi.create(body) : await usersApi.update(user.id, body);
      onSaved(saved);
    } catch (error) {
      setFailure(errorText(error, t('saveFailed')));
      setErrors(serverFieldErrors(error));
      setBusy(false);
      focusFirstInvalid(form);
    }
  }

  const listHint = (error: unknown, what: 'departments' | 'designations' | 'roles') =>
    error ? errorText(error, t(`listFailed.${what}`)) : undefined;

  return (
    <DialogForm
      title={mode === 'add' ? t('add') : t('editTitle', { name: user?.name ?? '' })}
      formLabel={mode === 'add' ? t('addForm') : t('editForm')}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={busy}
      failure={failure}
      submitLabel={mode === 'add' ? t('add') : t('saveChanges')}
      busyLabel={t('saving')}
    >
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" alignItems="start">
        <TextField
          label={t('col.name')}
          name="name"
          autoComplete="off"
          isRequired
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          hasError={Boolean(errors.name)}
          errorMessage={errors.name}
        />
        <TextField
          label={t('col.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          isRequired
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          hasError={Boolean(errors.email)}
          errorMessage={errors.email}
        />
        {mode === 'add' ? (
          <PasswordField
            {...passwordFieldLabels()}
            label={t('password')}
            name="password"
            autoComplete="new-password"
            descriptiveText={t('passwordHint')}
            isRequired
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
            hasError={Boolean(errors.password)}
            errorMessage={errors.password}
          />
        ) : null}
        <TextField
          label={t('col.phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          descriptiveText={mode === 'add' ? t('optional') : undefined}
          value={values.phone}
          onChange={(event) => set('phone', event.target.value)}
          hasError={Boolean(errors.phone)}
          errorMessage={errors.phone}
        />
        <SelectField
          label={t('col.department')}
          name="department"
          isRequired
          value={values.department}
          onChange={(event) => set('department', event.target.value)}
          hasError={Boolean(errors.department)}
          errorMessage={errors.department}
          descriptiveText={listHint(departments.error, 'departments')}
        >
          <option value="">{departments.isLoading ? t('common:loading') : t('selectDepartment')}</option>
          {optionsWithCurrent(departments.items, values.department, departments.loaded).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('designation')}
          name="designation"
          isRequired
          value={values.designation}
          onChange={(event) => set('designation', event.target.value)}
          hasError={Boolean(errors.designation)}
          errorMessage={errors.designation}
          descriptiveText={listHint(designations.error, 'designations')}
        >
          <option value="">{designations.isLoading ? t('common:loading') : t('selectDesignation')}</option>
          {optionsWithCurrent(designations.items, values.designation, designations.loaded).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('col.role')}
          name="role_id"
          isRequired
          value={String(values.role_id)}
          onChange={(event) => set('role_id', Number(event.target.value))}
          hasError={Boolean(errors.role_id)}
          errorMessage={errors.role_id}
          descriptiveText={listHint(roles.error, 'roles')}
        >
          <option value="0">{roles.isLoading ? t('common:loading') : t('selectRole')}</option>
          {roleOptions.map((role) => (
            <option key={role.id} value={String(role.id)}>
              {role.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('posting.level')}
          name="posting_level"
          descriptiveText={t('posting.hint')}
          value={values.posting.level}
          onChange={(event) => set('posting', { level: event.target.value as PostingLevel, place: '' })}
        >
          {POSTING_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`posting.levels.${level}`)}
            </option>
          ))}
        </SelectField>
        {values.posting.level !== 'state' ? (
          <SelectField
            label={t(`posting.places.${values.posting.level}`)}
            name="posting_place"
            isRequired
            value={values.posting.place}
            onChange={(event) => set('posting', { ...values.posting, place: event.target.value })}
            hasError={Boolean(errors.posting)}
            errorMessage={errors.posting}
          >
            <option value="">{t(`posting.choose.${values.posting.level}`)}</option>
            {places.map((place) => (
              <option key={place.value} value={place.value}>
                {place.label}
              </option>
            ))}
          </SelectField>
        ) : errors.posting ? (
          <Alert variation="error">{errors.posting}</Alert>
        ) : null}
        <SwitchField
          label={t('common:active')}
          name="active"
          labelPosition="end"
          alignSelf="end"
          isChecked={values.active}
          onChange={(event) => set('active', event.target.checked)}
        />
      </Grid>
    </DialogForm>
  );
}
