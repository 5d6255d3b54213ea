// On the login page: why the last session ended, when the user did not sign out
// (inactivity, the session's time limit, or the server ending it). Said once.
import { useEffect, useState } from 'react';
import { Alert } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { forgetSignedOutReason, signedOutReason } from '../../api/signed-out-reason';
import { dismissLabel } from '../../i18n/amplify-labels';

export function SignedOutNotice() {
  const { t } = useTranslation('auth');
  const [reason, setReason] = useState(signedOutReason);

  // Read once when the page shows it; a later visit of the login page says nothing.
  useEffect(() => forgetSignedOutReason(), []);

  if (!reason) return null;
  return (
    <Alert
      variation="warning"
      role="status"
      className="signed-out-notice"
      marginBottom="medium"
      isDismissible
      {...dismissLabel()}
      onDismiss={() => setReason(null)}
    >
      {t(`signedOut.${reason}`)}
    </Alert>
  );
}
