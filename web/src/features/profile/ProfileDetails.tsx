// The signed-in user's details with the spec's fallbacks.
import type { SessionUser } from '../../api/types';

const rows = (user: SessionUser): [string, string][] => [
  ['Name', user.name],
  ['Email', user.email],
  ['Role', user.role_name],
  ['Department', user.department || 'Not Assigned'],
  ['Designation', user.designation || 'Not Assigned'],
  ['Phone', user.phone || 'Not Provided'],
];

export function ProfileDetails({ user }: { user: SessionUser }) {
  return (
    <dl className="detail-list">
      {rows(user).map(([label, value]) => (
        <div key={label} className="detail-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
