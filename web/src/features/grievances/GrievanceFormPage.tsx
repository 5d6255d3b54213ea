import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPanel } from '../../components/PlaceholderPanel';

export default function GrievanceFormPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  return (
    <>
      <PageHeader title={editing ? 'Edit Grievance' : 'New Grievance / FIR'} />
      <PlaceholderPanel heading="FIR Details">
        {editing ? `The form for grievance ${id} will appear here.` : 'The form for a new FIR or grievance will appear here.'}
      </PlaceholderPanel>
    </>
  );
}
