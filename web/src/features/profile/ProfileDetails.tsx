// The signed-in user's details with the spec's fallbacks.
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../api/types';
import { usePostingLabel } from '../users/posting';

export function ProfileDetails({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile');
  const posting = usePostingLabel(user.posting);
  const rows: [string, string][] = [
    [t('name'), user.name],
    [t('email'), user.email],
    [t('role'), user.role_name],
    [t('posting'), posting],
    [t('department'), user.department || t('notAssigned')],
    [t('designation'), user.designation || t('notAssigned')],
    [t('phone'), user.phone || t('notProvided')],
  ];
  return (
    <dl className="detail-list">
      {rows.map(([label, value]) => (
        <div key={label} className="detail-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
