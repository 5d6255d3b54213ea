import { passwordChangeError } from './password-rules';

describe('change password rules', () => {
  it('needs the current password', () => {
    expect(passwordChangeError({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBe(
      'Current password is required',
    );
  });

  it('needs new and confirm to match', () => {
    expect(passwordChangeError({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toBe(
      'New passwords do not match',
    );
  });

  it('needs at least 6 characters', () => {
    expect(passwordChangeError({ currentPassword: 'old', newPassword: 'abcde', confirmPassword: 'abcde' })).toBe(
      'Password must be at least 6 characters',
    );
  });

  it('accepts exactly 6 matching characters', () => {
    expect(passwordChangeError({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
