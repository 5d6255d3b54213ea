// The login card's form: the password step (LoginForm), then, for a user with
// two-factor on, the code step. A challenge that ran out brings the password
// step back with the server's explanation.
import { useState } from 'react';
import { Alert, Flex } from '@aws-amplify/ui-react';
import { LoginForm } from '../auth/LoginForm';
import { TwoFactorLoginStep } from './TwoFactorLoginStep';
import './two-factor.css';

export function SignInSteps() {
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (challenge) {
    return (
      <TwoFactorLoginStep
        challenge={challenge}
        onExpired={(message) => {
          setNotice(message);
          setChallenge(null);
        }}
        onBack={() => {
          setNotice(null);
          setChallenge(null);
        }}
      />
    );
  }
  return (
    <Flex direction="column" gap="medium">
      {notice ? (
        <Alert variation="warning" isDismissible onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <LoginForm
        onTwoFactorRequired={(next) => {
          setNotice(null);
          setChallenge(next);
        }}
      />
    </Flex>
  );
}
