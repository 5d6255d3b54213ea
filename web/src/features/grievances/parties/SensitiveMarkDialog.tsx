// 'Mark sensitive' or 'Clear sensitive mark', with the reason: the grievance as the mark left it.
import { useTranslation } from 'react-i18next';
import type { GrievanceView } from '../../../api/types';
import { ReasonDialog } from './ReasonDialog';
import { revealApi } from './reveal';

interface SensitiveMarkDialogProps {
  grievanceId: number;
  /** True to mark the case, false to clear its mark. */
  marked: boolean;
  onClose: () => void;
  onMarked: (grievance: GrievanceView) => void;
}

export function SensitiveMarkDialog({ grievanceId, marked, onClose, onMarked }: SensitiveMarkDialogProps) {
  const { t } = useTranslation('grievances');
  const title = marked ? t('sensitiveMark.mark') : t('sensitiveMark.clear');
  return (
    <ReasonDialog
      title={title}
      formLabel={title}
      submitLabel={title}
      busyLabel={t('sensitiveMark.busy')}
      failedLabel={t('sensitiveMark.failed')}
      onClose={onClose}
      note={t('marking.historyNote')}
      // A marking's own words when the reason is short, as the server says them.
      shortReasonCode="MARK_REASON_REQUIRED"
      send={async (reason) => onMarked(await revealApi.mark(grievanceId, marked, reason))}
    />
  );
}
