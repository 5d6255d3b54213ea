// '?' on the grievance list: the keys it answers. The keys are printed as on the keyboard,
// in every language; what they do is translated.
import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';

interface ShortcutsDialogProps {
  /** 'c' is listed only for a user who may create a case. */
  canCreate: boolean;
  onClose: () => void;
}

export function ShortcutsDialog({ canCreate, onClose }: ShortcutsDialogProps) {
  const { t } = useTranslation('grievances');
  const keys: [string, string][] = [
    ['/', t('keys.search')],
    ['j', t('keys.next')],
    ['k', t('keys.previous')],
    ['Enter', t('keys.open')],
    ['x', t('keys.select')],
    ...(canCreate ? [['c', t('keys.new')] as [string, string]] : []),
    ['?', t('keys.help')],
  ];
  return (
    <Dialog title={t('keys.title')} onClose={onClose} size="small">
      <div className="modal-body">
        <dl className="shortcut-list">
          {keys.map(([key, does]) => (
            <div key={key} className="shortcut">
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
        <Text className="muted-text shortcut-note">{t('keys.note')}</Text>
      </div>
    </Dialog>
  );
}
