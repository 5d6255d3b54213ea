import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPanel } from '../../components/PlaceholderPanel';

export default function AdminPage() {
  return (
    <>
      <PageHeader title="Admin Panel" description="The lists offered in forms: districts, police stations, statuses and more." />
      <PlaceholderPanel heading="Dropdown Lists">The twelve admin lists will appear here.</PlaceholderPanel>
    </>
  );
}
