// The sign-in form (spec §2 "Login screen", §5 "Login", §8 "Login failure").
import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { loginErrorText, type LoginErrorText } from './login-error';
import { useSession } from './use-session';

interface FieldErrors {
  email?: string;
  password?: string;
}

export function LoginForm() {
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<LoginErrorText | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = 'Email is required';
    if (!password) errors.password = 'Password is required';
    setFieldErrors(errors);
    if (errors.email || errors.password) return;

    setBusy(true);
    setFailure(null);
    try {
      await login(email.trim(), password);
      // The session change re-renders the login route, which goes to /dashboard.
    } catch (error) {
      setFailure(loginErrorText(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Flex direction="column" gap="medium">
        {failure ? (
          <Alert variation="error" heading="Login Failed" isDismissible onDismiss={() => setFailure(null)}>
            <Text as="span" display="block">{failure.message}</Text>
            {failure.hint ? (
              <Text as="span" display="block" fontSize="small" marginTop="xxs">
                {failure.hint}
              </Text>
            ) : null}
          </Alert>
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="name@police.gov.in"
          isRequired
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          hasError={Boolean(fieldErrors.email)}
          errorMessage={fieldErrors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          isRequired
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hasError={Boolean(fieldErrors.password)}
          errorMessage={fieldErrors.password}
        />
        <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText="Signing in...">
          Sign In
        </Button>
      </Flex>
    </form>
  );
}
