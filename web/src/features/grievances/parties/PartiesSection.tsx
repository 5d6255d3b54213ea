// The detail screen's 'People in the case' with what a holder of view_identities may do there:
// reveal a protected victim (the identities are kept in this component only, so they go when
// the screen does and never reach the shared cache or storage), and mark the case sensitive or
// clear its mark, each with a reason.
import { useState } from 'react';
import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { GrievanceView, Party } from '../../../api/types';
import { FactList } from '../../../components/FactList';
import { Icon } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import { PartiesList } from './PartiesList';
import { hasProtected } from './reveal';
import { RevealDialog } from './RevealDialog';
import { SensitiveMarkDialog } from './SensitiveMarkDialog';

interface PartiesSectionProps {
  grievance: GrievanceView & { parties: Party[] };
  /** The user holds grievances view_identities. */
  canReveal: boolean;
  /** After a reveal (audited): the history is read again. */
  onRevealed: () => void;
  /** The grievance as the mark left it, and what to say. */
  onMarked: (grievance: GrievanceView, message: string) => void;
  labelledBy: string;
}

export function PartiesSection({ grievance, canReveal, onRevealed, onMarked, labelledBy }: PartiesSectionProps) {
  const { t } = useTranslation('grievances');
  const [revealed, setRevealed] = useState<Party[] | null>(null);
  const [dialog, setDialog] = useState<'reveal' | 'mark' | null>(null);
  const mark = grievance.sensitive_mark;

  return (
    <Flex direction="column" gap="small">
      {mark ? (
        <FactList
          facts={[
            { label: t('sensitiveMark.markedBy'), value: `${mark.by_name}, ${formatDateTime(mark.at)}` },
            { label: t('sensitiveMark.reason'), value: <span className="prose">{mark.reason}</span>, wide: true },
          ]}
        />
      ) : null}
      {revealed ? (
        <Alert variation="warning" role="status">
          {t('reveal.shown')}
        </Alert>
      ) : null}
      <PartiesList parties={revealed ?? grievance.parties} sensitive={grievance.sensitive && !revealed} labelledBy={labelledBy} />
      {canReveal ? (
        <Flex justifyContent="flex-end" gap="small" wrap="wrap">
          <Button size="small" gap="xs" onClick={() => setDialog('mark')}>
            <Icon name="flag" size={16} />
            {mark ? t('sensitiveMark.clear') : t('sensitiveMark.mark')}
          </Button>
          {!revealed && hasProtected(grievance.parties) ? (
            <Button size="small" gap="xs" onClick={() => setDialog('reveal')}>
              <Icon name="view" size={16} />
              {t('reveal.open')}
            </Button>
          ) : null}
        </Flex>
      ) : null}
      {dialog === 'reveal' ? (
        <RevealDialog
          grievanceId={grievance.id}
          onClose={() => setDialog(null)}
          onRevealed={(parties) => {
            setDialog(null);
            setRevealed(parties);
            onRevealed();
          }}
        />
      ) : null}
      {dialog === 'mark' ? (
        <SensitiveMarkDialog
          grievanceId={grievance.id}
          marked={!mark}
          onClose={() => setDialog(null)}
          onMarked={(updated) => {
            setDialog(null);
            onMarked(updated, updated.sensitive_mark ? t('sensitiveMark.marked') : t('sensitiveMark.cleared'));
          }}
        />
      ) : null}
    </Flex>
  );
}
