import { EMPTY_USER, resetPasswordError, userFormErrors } from './user-rules';

describe('admin reset password rules', () => {
  it("refuses an empty or blank password with 'Please enter a new password'", () => {
    expect(resetPasswordError('')).toBe('Please enter a new password');
    expect(resetPasswordError('      ')).toBe('Please enter a new password');
  });

  it("refuses fewer than 6 characters with 'Password must be at least 6 characters long'", () => {
    expect(resetPasswordError('abcde')).toBe('Password must be at least 6 characters long');
  });

  it('accepts 6 characters', () => {
    expect(resetPasswordError('abcdef')).toBeNull();
  });
});

describe('user form required fields', () => {
  it('names every empty required field when adding', () => {
    expect(userFormErrors(EMPTY_USER, 'add')).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      department: 'Department is required',
      designation: 'Designation is required',
      role_id: 'Role is required',
    });
  });

  it('does not ask for a password when editing, nor for a phone ever', () => {
    const values = { ...EMPTY_USER, name: 'A', email: 'a@b.c', department: 'Crime Branch', designation: 'Inspector', role_id: 2 };
    expect(userFormErrors(values, 'edit')).toEqual({});
    expect(userFormErrors(values, 'add')).toEqual({ password: 'Password is required' });
  });
});
