// Rules of the user dialogs (spec §5 "User form", "Admin reset password").
import { MIN_PASSWORD_LENGTH } from '../profile/password-rules';

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
}

export type UserField = 'name' | 'email' | 'password' | 'phone' | 'department' | 'designation' | 'role_id';
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
};

/** The fields marked required that are empty; password only when adding. */
export function userFormErrors(values: UserFormValues, mode: UserFormMode): UserFieldErrors {
  const errors: UserFieldErrors = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  if (mode === 'add' && !values.password) errors.password = 'Password is required';
  if (!values.department) errors.department = 'Department is required';
  if (!values.designation) errors.designation = 'Designation is required';
  if (!values.role_id) errors.role_id = 'Role is required';
  return errors;
}

/** The first rule a new password set by an administrator breaks, or null. */
export function resetPasswordError(password: string): string | null {
  if (!password.trim()) return 'Please enter a new password';
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  return null;
}
