// Profile: who I am, a Change Password form, two-factor sign-in, and which notifications
// are also sent to me by email.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../auth/use-session';
import { EmailPreferencesSection } from '../notifications/EmailPreferencesSection';
import { TwoFactorSection } from '../two-factor/TwoFactorSection';
import { useCurrentUser } from './api/use-current-user';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileDetails } from './ProfileDetails';

export default function ProfilePage() {
  const { user: storedUser, updateUser } = useSession();
  const { t } = useTranslation('profile');
  // GET /auth/me; on failure the stored session user stands in.
  const { data, mutate } = useCurrentUser();
  const [changing, setChanging] = useState(false);
  const closeForm = useCallback(() => setChanging(false), []);

  useEffect(() => {
    if (data) updateUser(data);
  }, [data, updateUser]);

  const user = data ?? storedUser;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Grid templateColumns={{ base: '1fr', large: '1fr 1fr' }} gap="medium" alignItems="start">
        <Card variation="outlined" className="panel">
          <Heading level={2} className="panel-title">
            {t('account')}
          </Heading>
          {user ? <ProfileDetails user={user} /> : null}
        </Card>
        <Card variation="outlined" className="panel">
          <Flex direction="column" gap="small">
            <Heading level={2} className="panel-title">
              {t('changePassword')}
            </Heading>
            {changing ? (
              <ChangePasswordForm onClose={closeForm} />
            ) : (
              <>
                <Text color="font.secondary">{t('changeHint')}</Text>
                <div>
                  <Button variation="primary" onClick={() => setChanging(true)}>
                    {t('changePassword')}
                  </Button>
                </div>
              </>
            )}
          </Flex>
        </Card>
        {/* Two-factor turned on or off: this page's copy of GET /auth/me is read again. */}
        <TwoFactorSection onChanged={() => void mutate()} />
        <EmailPreferencesSection />
      </Grid>
    </>
  );
}
