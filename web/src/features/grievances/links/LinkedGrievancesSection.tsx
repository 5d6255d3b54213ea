// The body of the detail screen's 'Linked grievances' section: each linked
// grievance the user may see, opening its screen, with its FIR number, police station and
// status; for a user with grievances update, 'Link a grievance' and 'Unlink' (confirmed).
import { useState } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../api/errors';
import { CaseStatusBadge } from '../../../components/CaseBadges';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingState } from '../../../components/LoadingState';
import { Notices } from '../../../components/Notices';
import { useTransientMessage } from '../../../components/use-transient-message';
import { useGrievanceCache } from '../api/use-grievance-cache';
import { LinkGrievanceForm } from './LinkGrievanceForm';
import { linksApi, type LinkedGrievance } from './api/links';
import { useLinkedGrievances } from './api/use-linked-grievances';
import { useReloadLinkedGrievances } from './api/use-reload-linked-grievances';
import './links.css';

interface LinkedGrievancesSectionProps {
  grievance: { id: number; grievance_number: string };
  canUpdate: boolean;
  /** The id of the section's heading, which names the list. */
  headingId: string;
}

export function LinkedGrievancesSection({ grievance, canUpdate, headingId }: LinkedGrievancesSectionProps) {
  const { t } = useTranslation('casework');
  const { data, error, isLoading, mutate } = useLinkedGrievances(grievance.id);
  const cache = useGrievanceCache();
  const reloadLinked = useReloadLinkedGrievances();
  const notice = useTransientMessage(5000);
  const [unlinking, setUnlinking] = useState<LinkedGrievance | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const linked = Array.isArray(data?.data) ? data.data : [];

  /** The list as a change answered it, read again; both histories and the other's list too. */
  function changed(list: LinkedGrievance[], other: number, message: string) {
    void mutate({ success: true, data: list });
    void cache.reloadHistory(grievance.id);
    void reloadLinked(other);
    void cache.reloadHistory(other);
    notice.show(message);
  }

  async function confirmUnlink(other: LinkedGrievance) {
    setBusy(true);
    setFailure(null);
    try {
      const list = await linksApi.unlink(grievance.id, other.id);
      setUnlinking(null);
      changed(list, other.id, t('links.unlinked', { number: other.grievance_number }));
    } catch (error) {
      setUnlinking(null);
      setFailure(errorText(error, t('links.unlinkFailed')));
      // Unlinked elsewhere meanwhile (409): show the list as it is now.
      void mutate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex direction="column" gap="small">
      <Notices notice={notice} failure={failure} onDismissFailure={() => setFailure(null)} />
      {isLoading && !data ? (
        <LoadingState label={t('links.loading')} />
      ) : error && !data ? (
        <LoadFailure message={errorText(error, t('links.loadFailed'))} onRetry={() => void mutate()} />
      ) : linked.length === 0 ? (
        <Text className="muted-text">{t('links.empty')}</Text>
      ) : (
        <ul className="linked-list" aria-labelledby={headingId}>
          {linked.map((item) => (
            <li key={item.id} className="linked-item">
              <Link to={`/grievances/${item.id}`} className="linked-link">
                {item.grievance_number}
              </Link>
              <span>{t('links.fir', { fir_no: item.fir_no })}</span>
              <span>{item.police_station}</span>
              <CaseStatusBadge status={item.status} label={t('grievances:field.status')} />
              {canUpdate ? (
                <Button
                  size="small"
                  className="linked-unlink"
                  aria-label={t('links.unlinkNamed', { number: item.grievance_number })}
                  onClick={() => {
                    setFailure(null);
                    setUnlinking(item);
                  }}
                >
                  {t('links.unlink')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canUpdate ? (
        <LinkGrievanceForm
          grievanceId={grievance.id}
          onLinked={(list, other) => {
            setFailure(null);
            changed(list, other.id, t('links.linked', { number: other.grievance_number }));
          }}
        />
      ) : null}

      {unlinking ? (
        <ConfirmDialog
          title={t('links.unlinkTitle')}
          confirmLabel={t('links.unlink')}
          busyLabel={t('links.unlinking')}
          busy={busy}
          onCancel={() => setUnlinking(null)}
          onConfirm={() => void confirmUnlink(unlinking)}
        >
          {t('links.unlinkQuestion', { other: unlinking.grievance_number, number: grievance.grievance_number })}
        </ConfirmDialog>
      ) : null}
    </Flex>
  );
}
