// Profile's 'Email notifications': one checkbox per kind of notification ('Email me when a
// grievance is assigned to me'), saved together. The bell lists every notification
// whatever is chosen here; this only says which are also sent to the user's email address.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, CheckboxField, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingState } from '../../components/LoadingState';
import { useFormSubmit } from '../../components/use-form-submit';
import { useTransientMessage } from '../../components/use-transient-message';
import { useSession } from '../auth/use-session';
import { preferencesApi, type NotificationPreferences } from './api/preferences';
import { useNotificationPreferences } from './api/use-notification-preferences';
import { emailChoices, offeredKinds, preferencesBody, type EmailChoices } from './email-preferences';

const HEADING_ID = 'email-preferences-heading';

export function EmailPreferencesSection() {
  const { t } = useTranslation('notifications');
  const { user } = useSession();
  const { data, error, isLoading, mutate } = useNotificationPreferences();
  const notice = useTransientMessage(3000);

  return (
    <Card as="section" variation="outlined" className="panel email-preferences" aria-labelledby={HEADING_ID}>
      <Flex direction="column" gap="small">
        <Heading level={2} className="panel-title" id={HEADING_ID}>
          {t('email.title')}
        </Heading>
        <Text color="font.secondary">{user?.email ? t('email.hint', { email: user.email }) : t('email.hintNoAddress')}</Text>
        {notice.message ? (
          <Alert variation="success" role="status">
            {notice.message}
          </Alert>
        ) : null}
        {isLoading && !data ? (
          <LoadingState label={t('email.loading')} />
        ) : error && !data ? (
          <LoadFailure message={errorText(error, t('email.loadFailed'))} onRetry={() => void mutate()} />
        ) : data ? (
          // A saved answer starts the form again from what the server kept.
          <EmailPreferencesForm
            key={JSON.stringify(data)}
            preferences={data}
            onSaved={(saved) => {
              void mutate(saved, { revalidate: false });
              notice.show(t('email.saved'));
            }}
          />
        ) : null}
      </Flex>
    </Card>
  );
}

function EmailPreferencesForm({ preferences, onSaved }: { preferences: NotificationPreferences; onSaved: (saved: NotificationPreferences) => void }) {
  const { t } = useTranslation('notifications');
  const [choices, setChoices] = useState<EmailChoices>(() => emailChoices(preferences));
  const { busy, failure, submit } = useFormSubmit(t('email.saveFailed'));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(async () => onSaved(await preferencesApi.save(preferencesBody(preferences, choices))));
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={HEADING_ID}>
      <Flex direction="column" alignItems="flex-start" gap="small">
        {failure ? (
          <Alert variation="error" width="100%">
            {failure}
          </Alert>
        ) : null}
        {offeredKinds(preferences).map((kind) => (
          <CheckboxField
            key={kind}
            label={t(`email.kind.${kind}`)}
            name={`email-${kind}`}
            value="yes"
            checked={choices[kind] === true}
            onChange={(event) => {
              const checked = event.target.checked;
              setChoices((previous) => ({ ...previous, [kind]: checked }));
            }}
          />
        ))}
        <Button type="submit" variation="primary" isLoading={busy} loadingText={t('email.saving')}>
          {t('email.save')}
        </Button>
      </Flex>
    </form>
  );
}
