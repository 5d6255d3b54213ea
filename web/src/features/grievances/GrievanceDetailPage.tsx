import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPanel } from '../../components/PlaceholderPanel';

export default function GrievanceDetailPage() {
  const { id } = useParams();
  return (
    <>
      <PageHeader title="Grievance Details" description={`Record ${id ?? ''}`} />
      <PlaceholderPanel heading="FIR Basic Details">The full record of this grievance will appear here.</PlaceholderPanel>
    </>
  );
}
