import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPanel } from '../../components/PlaceholderPanel';

export default function AuditPage() {
  return (
    <>
      <PageHeader title="Audit History" description="Every change made to grievances, by whom and when." />
      <PlaceholderPanel heading="Audit Records">The audit trail will appear here.</PlaceholderPanel>
    </>
  );
}
