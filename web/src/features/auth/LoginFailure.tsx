// A refused sign-in (the password step or the two-factor step): the reason, and under
// it what to do about it where there is something to do.
import { Alert, Text } from '@aws-amplify/ui-react';
import { dismissLabel } from '../../i18n/amplify-labels';
import type { LoginErrorText } from './login-error';

export function LoginFailure({ heading, failure, onDismiss }: { heading: string; failure: LoginErrorText | null; onDismiss: () => void }) {
  if (!failure) return null;
  return (
    <Alert variation="error" heading={heading} isDismissible {...dismissLabel()} onDismiss={onDismiss}>
      <Text as="span" display="block">
        {failure.message}
      </Text>
      {failure.hint ? (
        <Text as="span" display="block" fontSize="small" marginTop="xxs">
          {failure.hint}
        </Text>
      ) : null}
    </Alert>
  );
}
