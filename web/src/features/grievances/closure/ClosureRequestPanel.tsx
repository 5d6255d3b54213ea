// The 'Closure request' panel of a grievance whose closure waits for approval:
// the status proposed, the final decision and notes given with it, who asked and
// when; and, for an approver who did not ask, 'Approve closure' and 'Return'. Either asks
// first, naming the case, so that a decision is never sent for the wrong one.
import { useState } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/errors';
import { useItemName } from '../../../api/item-names';
import type { ClosureRequest, GrievanceView } from '../../../api/types';
import { CaseStatusBadge } from '../../../components/CaseBadges';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FactList } from '../../../components/FactList';
import { Icon } from '../../../components/icons';
import { dash, formatDateTime } from '../../../lib/format';
import { ReloadableFailure, type Refusal } from '../ReloadableFailure';
import { closureApi } from './closure';
import { ReturnClosureDialog } from './ReturnClosureDialog';

interface ClosureRequestPanelProps {
  grievance: GrievanceView & { closure: ClosureRequest };
  /** The signed-in user asked for this closure. */
  own: boolean;
  /** The signed-in user may approve or return it. */
  canDecide: boolean;
  /** After an approval or a return: the grievance as it left it, and what to say. */
  onDecided: (grievance: GrievanceView, message: string) => void;
  /** Loads the grievance again (after a conflict). */
  onReload: () => void;
}

export function ClosureRequestPanel({ grievance, own, canDecide, onDecided, onReload }: ClosureRequestPanelProps) {
  const { t } = useTranslation('casework');
  const closure = grievance.closure;
  const statusName = useItemName('statuses');
  // The approval's question is open.
  const [confirming, setConfirming] = useState(false);
  const [approving, setApproving] = useState(false);
  const [returning, setReturning] = useState(false);
  const [failure, setFailure] = useState<Refusal | null>(null);

  async function approve() {
    setApproving(true);
    setFailure(null);
    try {
      const approved = await closureApi.approve(grievance);
      onDecided(approved, t('closure.approved', { status: approved.status }));
    } catch (error) {
      setFailure({ text: errorText(error, t('closure.approveFailed')), conflict: error instanceof ApiError && error.status === 409 });
      setApproving(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <Text className="muted-text closure-explain">{t('closure.explain', { status: closure.status, current: dash(grievance.status) })}</Text>
      <FactList
        facts={[
          { label: t('closure.proposedStatus'), value: <CaseStatusBadge status={closure.status} /> },
          { label: t('closure.requestedBy'), value: dash(closure.requested_by_name) },
          { label: t('closure.requestedAt'), value: formatDateTime(closure.requested_at) },
          { label: t('closure.finalDecision'), value: <span className="prose">{dash(closure.final_decision)}</span>, wide: true },
          { label: t('closure.notes'), value: <span className="prose">{dash(closure.notes)}</span>, wide: true },
        ]}
      />
      <ReloadableFailure
        failure={failure}
        marginTop="small"
        onReload={() => {
          setFailure(null);
          onReload();
        }}
      />
      {own ? <Text className="field-hint closure-own">{t('closure.ownRequest')}</Text> : null}
      {canDecide ? (
        <Flex justifyContent="flex-end" gap="small" wrap="wrap" marginTop="small" className="closure-actions">
          <Button gap="xs" onClick={() => setReturning(true)} isDisabled={approving}>
            <Icon name="back" size={18} />
            {t('closure.return')}
          </Button>
          <Button variation="primary" gap="xs" onClick={() => setConfirming(true)} isLoading={approving} loadingText={t('closure.approving')}>
            <Icon name="check" size={18} />
            {t('closure.approve')}
          </Button>
        </Flex>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('closure.approveTitle')}
          variation="primary"
          confirmLabel={t('common:confirm')}
          busyLabel={t('closure.approving')}
          busy={approving}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void approve()}
        >
          {t('closure.approveQuestion', { number: grievance.grievance_number, fir: dash(grievance.fir_no), status: statusName(closure.status) })}
        </ConfirmDialog>
      ) : null}
      {returning ? (
        <ReturnClosureDialog
          grievance={grievance}
          onClose={() => setReturning(false)}
          onReturned={(returned) => {
            setReturning(false);
            onDecided(returned, t('closure.returned', { status: dash(returned.status) }));
          }}
        />
      ) : null}
    </>
  );
}
