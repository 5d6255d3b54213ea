// Profile's "Two-Factor Authentication" panel: whether it is on,
// setting it up when off, turning it off (with the password and a current
// code) when on and the role does not require it.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useTransientMessage } from '../../components/use-transient-message';
import { useSession } from '../auth/use-session';
import { TurnOffTwoFactorDialog } from './TurnOffTwoFactorDialog';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';
import './two-factor.css';

interface TwoFactorSectionProps {
  /** Called after two-factor was turned on or off, when the user's record has changed. */
  onChanged: () => void;
}

export function TwoFactorSection({ onChanged }: TwoFactorSectionProps) {
  const { t } = useTranslation('twoFactor');
  const { user, updateUser } = useSession();
  const [mode, setMode] = useState<'view' | 'enrol' | 'disable'>('view');
  const notice = useTransientMessage(5000);
  if (!user) return null;

  const enabled = user.two_factor_enabled === true;
  const required = user.two_factor_required === true;

  function changed(on: boolean, message: string) {
    if (!user) return;
    updateUser({ ...user, two_factor_enabled: on });
    setMode('view');
    notice.show(message);
    onChanged();
  }

  return (
    <Card variation="outlined" className="panel two-factor-panel">
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs">
          <Heading level={2} className="panel-title two-factor-panel-title" id="two-factor-heading">
            {t('profile.heading')}
          </Heading>
          <Flex as="p" alignItems="center" gap="xs" margin="0" className="two-factor-status">
            <Text as="span" fontSize="small" color="font.secondary">
              {t('profile.status')}
            </Text>
            <Badge size="small" variation={enabled ? 'success' : undefined} className={enabled ? 'status-badge active' : 'status-badge inactive'}>
              {enabled ? t('profile.on') : t('profile.off')}
            </Badge>
          </Flex>
        </Flex>
        {notice.message ? (
          <Alert variation="success" role="status" isDismissible onDismiss={notice.clear}>
            {notice.message}
          </Alert>
        ) : null}
        {mode === 'enrol' ? (
          <TwoFactorEnrolment
            accountEmail={user.email}
            onCancel={() => setMode('view')}
            onDone={() => changed(true, t('profile.turnedOn'))}
          />
        ) : enabled ? (
          <>
            <Text color="font.secondary">{t('profile.onText')}</Text>
            {required ? (
              <Text className="field-hint">{t('profile.requiredByRole')}</Text>
            ) : (
              <div>
                <Button onClick={() => setMode('disable')}>{t('profile.turnOff')}</Button>
              </div>
            )}
          </>
        ) : (
          <>
            <Text color="font.secondary">{t('profile.offText')}</Text>
            <div>
              <Button variation="primary" onClick={() => setMode('enrol')}>
                {t('profile.setUp')}
              </Button>
            </div>
          </>
        )}
      </Flex>
      {mode === 'disable' ? (
        <TurnOffTwoFactorDialog onClose={() => setMode('view')} onDone={() => changed(false, t('profile.turnedOff'))} />
      ) : null}
    </Card>
  );
}
