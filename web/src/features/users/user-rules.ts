// Rules of the user dialogs: the user form and Admin reset password.
import { i18n } from '../../i18n';
import { MIN_PASSWORD_LENGTH } from '../profile/password-rules';
import { STATE_POSTING, type PostingValues } from './posting';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`users:${key}`, values);

export type UserFormMode = 'add' | 'edit';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  phone: string;
  department: string;
  designation: string;
  /** 0 until a role is chosen ('Select role'). */
  role_id: number;
  active: boolean;
  posting: PostingValues;
}

export type UserField = 'name' | 'email' | 'password' | 'phone' | 'department' | 'designation' | 'role_id' | 'posting';
export type UserFieldErrors = Partial<Record<UserField, string>>;

export const EMPTY_USER: UserFormValues = {
  name: '',
  email: '',
  password: '',
  phone: '',
  department: '',
  designation: '',
  role_id: 0,
  active: true,
  posting: STATE_POSTING,
};

/** The fields marked required that are empty; password only when adding. */
export function userFormErrors(values: UserFormValues, mode: UserFormMode): UserFieldErrors {
  const errors: UserFieldErrors = {};
  if (!values.name.trim()) errors.name = t('rules.nameRequired');
  if (!values.email.trim()) errors.email = t('rules.emailRequired');
  if (mode === 'add' && !values.password) errors.password = t('rules.passwordRequired');
  if (!values.department) errors.department = t('rules.departmentRequired');
  if (!values.designation) errors.designation = t('rules.designationRequired');
  if (!values.role_id) errors.role_id = t('rules.roleRequired');
  if (values.posting.level !== 'state' && !values.posting.place) errors.posting = t(`rules.postingPlaceRequired.${values.posting.level}`);
  return errors;
}

/** The first rule a new password set by an administrator breaks, or null. */
export function resetPasswordError(password: string): string | null {
  if (!password.trim()) return t('rules.enterNewPassword');
  if (password.length < MIN_PASSWORD_LENGTH) return t('rules.minLength', { min: MIN_PASSWORD_LENGTH });
  return null;
}
