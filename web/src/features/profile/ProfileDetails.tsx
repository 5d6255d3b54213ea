// The signed-in user's details with the spec's fallbacks.
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../api/types';

export function ProfileDetails({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile');
  const rows: [string, string][] = [
    [t('name'), user.name],
    [t('email'), user.email],
    [t('role'), user.role_name],
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
