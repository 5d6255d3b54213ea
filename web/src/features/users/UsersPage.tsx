import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPanel } from '../../components/PlaceholderPanel';

export default function UsersPage() {
  return (
    <>
      <PageHeader title="User Management" description="Staff accounts, their roles and status." />
      <PlaceholderPanel heading="Users">The list of staff accounts will appear here.</PlaceholderPanel>
    </>
  );
}
