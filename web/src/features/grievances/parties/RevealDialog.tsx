// 'Reveal identities': the reason, then the case's people as recorded, every identity whole.
import { useTranslation } from 'react-i18next';
import type { Party } from '../../../api/types';
import { ReasonDialog } from './ReasonDialog';
import { revealApi } from './reveal';

interface RevealDialogProps {
  grievanceId: number;
  onClose: () => void;
  onRevealed: (parties: Party[]) => void;
}

export function RevealDialog({ grievanceId, onClose, onRevealed }: RevealDialogProps) {
  const { t } = useTranslation('grievances');
  return (
    <ReasonDialog
      title={t('reveal.title')}
      formLabel={t('reveal.title')}
      submitLabel={t('reveal.submit')}
      busyLabel={t('reveal.busy')}
      failedLabel={t('reveal.failed')}
      onClose={onClose}
      send={async (reason) => onRevealed(await revealApi.reveal(grievanceId, reason))}
    />
  );
}
