// The detail screen's 'Publication': whether the case is withheld from the state's public list
// of FIRs, by whom, when and why (every reader is told, so no one publishes it by other means),
// and, for a holder of withhold_publication, withholding it or publishing it again with a reason.
import { useState } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { GrievanceView } from '../../../api/types';
import { FactList } from '../../../components/FactList';
import { Icon } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import { ReasonDialog } from '../parties/ReasonDialog';
import { publicationApi } from './publication';

/** Whether the section has anything to say: the case is withheld, or the reader may withhold it. */
export const showsPublication = (grievance: Pick<GrievanceView, 'publication_withheld'>, canWithhold: boolean): boolean =>
  canWithhold || Boolean(grievance.publication_withheld);

interface PublicationSectionProps {
  grievance: GrievanceView;
  /** The user holds grievances withhold_publication. */
  canWithhold: boolean;
  /** The grievance as the change left it, and what to say. */
  onChanged: (grievance: GrievanceView, message: string) => void;
}

export function PublicationSection({ grievance, canWithhold, onChanged }: PublicationSectionProps) {
  const { t } = useTranslation('grievances');
  const [asking, setAsking] = useState(false);
  const mark = grievance.publication_withheld;
  // The dialog withholds a published case and publishes a withheld one.
  const action = mark ? t('publication.publish') : t('publication.withhold');

  return (
    <Flex direction="column" gap="small">
      {mark ? (
        <>
          <Flex as="p" role="note" alignItems="center" gap="xs" margin="0" fontWeight="bold" color="font.warning">
            <Icon name="flag" size={18} />
            {t('publication.withheld')}
          </Flex>
          <FactList
            facts={[
              { label: t('publication.withheldBy'), value: `${mark.by_name}, ${formatDateTime(mark.at)}` },
              { label: t('publication.reason'), value: <span className="prose">{mark.reason}</span>, wide: true },
            ]}
          />
        </>
      ) : (
        <Text className="muted-text">{t('publication.notWithheld')}</Text>
      )}
      {/* The export leaves a sensitive case out whatever its marking: said, so no one withholds it in vain. */}
      {grievance.sensitive ? <Text className="section-hint">{t('publication.sensitiveNote')}</Text> : null}
      {canWithhold ? (
        <Flex justifyContent="flex-end" gap="small" wrap="wrap">
          <Button size="small" gap="xs" onClick={() => setAsking(true)}>
            <Icon name={mark ? 'upload' : 'lock'} size={16} />
            {action}
          </Button>
        </Flex>
      ) : null}
      {asking ? (
        <ReasonDialog
          title={action}
          formLabel={action}
          submitLabel={action}
          busyLabel={t('publication.busy')}
          failedLabel={t('publication.failed')}
          note={t('marking.historyNote')}
          shortReasonCode="MARK_REASON_REQUIRED"
          onClose={() => setAsking(false)}
          send={async (reason) => {
            const updated = await publicationApi.withhold(grievance.id, !mark, reason);
            setAsking(false);
            onChanged(updated, updated.publication_withheld ? t('publication.withheldDone') : t('publication.publishedDone'));
          }}
        />
      ) : null}
    </Flex>
  );
}
