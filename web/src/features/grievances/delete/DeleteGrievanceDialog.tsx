// The question before a grievance is deleted, from its list or its screen: the
// specification's 'Are you sure you want to delete grievance {number}?', and an optional
// reason, which the server keeps in the audit trail; the grievance goes to the trash for the
// retention period rather than at once.
import { useState } from 'react';
import { Text, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { GrievanceRow } from '../../../api/types';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { Deletion } from '../../../components/use-deletion';
import { formatCount } from '../../../lib/format';

/** The longest reason the server keeps. */
export const MAX_DELETION_REASON = 500;

/** Characters as the server counts them (code points, not UTF-16 units). */
const length = (text: string) => Array.from(text).length;

type Deletable = Pick<GrievanceRow, 'grievance_number'>;

export function DeleteGrievanceDialog<T extends Deletable>({ deletion }: { deletion: Deletion<T> }) {
  // Mounted afresh for each grievance asked about: a reason never carries over to the next.
  return deletion.target === null ? null : <Question key={deletion.target.grievance_number} deletion={deletion} target={deletion.target} />;
}

function Question<T extends Deletable>({ deletion, target }: { deletion: Deletion<T>; target: T }) {
  const { t } = useTranslation('grievances');
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      title={t('list.deleteTitle')}
      busy={deletion.busy}
      onCancel={deletion.cancel}
      // No body at all when no reason is given.
      onConfirm={() => void deletion.confirm(reason.trim() || undefined)}
      details={
        <>
          <TextAreaField
            label={t('delete.reason')}
            name="reason"
            rows={3}
            marginTop="medium"
            maxLength={MAX_DELETION_REASON}
            descriptiveText={t('delete.reasonHint')}
            value={reason}
            isDisabled={deletion.busy}
            onChange={(event) => setReason(event.target.value)}
          />
          <Text className="field-hint" marginTop="xxs">
            {t('delete.characters', { used: formatCount(length(reason)), max: formatCount(MAX_DELETION_REASON) })}
          </Text>
        </>
      }
    >
      {t('list.deleteQuestion', { number: target.grievance_number })}
    </ConfirmDialog>
  );
}
