// Where a supervisor finds the reveals of protected identities (BNS s.72, POCSO s.23): each
// is an IDENTITY_REVEALED record of the audit trail (who, when, why, which case), so the
// Reports screen links to the trail's own list of them over the period rather than keeping
// a second copy. Shown to the readers of the audit trail only, as the server allows.
import { Card, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../auth/use-permission';
import type { Period } from './report-data';

export function RevealsCard({ period }: { period: Period }) {
  const { t } = useTranslation('reports');
  const readsTrail = usePermission('audit', 'read');
  if (!readsTrail) return null;
  const query = new URLSearchParams({ action: 'IDENTITY_REVEALED' });
  if (period.from) query.set('startDate', period.from);
  if (period.to) query.set('endDate', period.to);
  return (
    <Card variation="outlined" as="section" aria-labelledby="reveals-title">
      <Heading level={2} id="reveals-title">
        {t('reveals.title')}
      </Heading>
      <Text>{t('reveals.description')}</Text>
      <Link to={`/audit?${query.toString()}`} className="record-link">
        {t('reveals.link')}
      </Link>
    </Card>
  );
}
