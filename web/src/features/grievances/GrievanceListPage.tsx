import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPanel } from '../../components/PlaceholderPanel';

export default function GrievanceListPage() {
  return (
    <>
      <PageHeader title="Grievances & FIR Management" description="Search, filter and manage grievance and FIR records." />
      <PlaceholderPanel heading="Grievance Register">
        The list of grievances with search, filters and exports will appear here.
      </PlaceholderPanel>
    </>
  );
}
