import { Grid } from '@aws-amplify/ui-react';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPanel } from '../../components/PlaceholderPanel';
import { useSession } from '../auth/use-session';

export default function DashboardPage() {
  const { user } = useSession();
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user?.name ?? ''}!`} />
      <Grid templateColumns={{ base: '1fr', large: '1fr 1fr' }} gap="medium">
        <PlaceholderPanel heading="Case Statistics">
          Totals for pending, in-progress, resolved, high-priority and closed cases will appear here.
        </PlaceholderPanel>
        <PlaceholderPanel heading="Recent Activity">
          The latest changes to grievances will appear here.
        </PlaceholderPanel>
      </Grid>
    </>
  );
}
