// Whether the records Audit History shows are intact: the server checks the
// whole chain of each shown record (its grievance's, the administrative one, or the user's
// events) and names the first record that does not hold.
import { Badge } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useAuditVerification } from './api/use-audit-verification';

export function IntegrityIndicator({ recordsPath }: { recordsPath: string | null }) {
  const { t } = useTranslation('audit');
  const check = useAuditVerification(recordsPath);
  if (!check.data) {
    return check.error ? (
      <Badge size="small" className="integrity-badge integrity-unknown" role="status">
        {t('integrityUnknown')}
      </Badge>
    ) : null;
  }
  const broken = check.data.broken;
  // What the check covers is said in words beside the badge, not in a mouse tooltip: a
  // keyboard user and a screen reader read it too.
  const covered = t('integrityCovered', { records: t('integrityRecords', { count: check.data.records }), chains: t('integrityChains', { count: check.data.chains }) });
  return broken ? (
    <span className="integrity" role="status">
      <Badge size="small" variation="error" className="integrity-badge integrity-broken">
        {t('integrityBroken', { record: broken.recordId || broken.chain, reason: broken.reason })}
      </Badge>{' '}
      <span className="integrity-detail muted-text">{covered}</span>
    </span>
  ) : (
    <span className="integrity" role="status">
      <Badge size="small" variation="success" className="integrity-badge integrity-ok">
        {t('integrityVerified')}
      </Badge>{' '}
      <span className="integrity-detail muted-text">{covered}</span>
    </span>
  );
}
