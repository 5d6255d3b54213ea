import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPanel } from '../../components/PlaceholderPanel';

export default function RolesPage() {
  return (
    <>
      <PageHeader title="Role Management" description="Roles and what each may do." />
      <PlaceholderPanel heading="Roles">The list of roles and their permissions will appear here.</PlaceholderPanel>
    </>
  );
}
