// The recovery codes, shown once right after two-factor is turned on: a list,
// "Download codes" as a .txt file, and "I have saved these codes" to go on.
import { useEffect, useRef } from 'react';
import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { downloadText, recoveryCodesFile } from './download-text';

export const RECOVERY_CODES_FILENAME = 'grievance-portal-recovery-codes.txt';

interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** Whose codes they are, written into the file. */
  accountEmail?: string;
  headingLevel?: 2 | 3;
  onDone: () => void;
}

export function RecoveryCodesPanel({ codes, accountEmail, headingLevel = 3, onDone }: RecoveryCodesPanelProps) {
  const { t } = useTranslation('twoFactor');
  const heading = useRef<HTMLHeadingElement>(null);

  // The step changed under the user's feet: tell screen readers where they are.
  useEffect(() => heading.current?.focus(), []);

  function download() {
    const lines = [t('codes.fileTitle')];
    if (accountEmail) lines.push(t('codes.fileAccount', { email: accountEmail }));
    lines.push(t('codes.fileNote'));
    downloadText(RECOVERY_CODES_FILENAME, recoveryCodesFile(codes, lines));
  }

  return (
    <Flex direction="column" gap="medium" className="two-factor-codes">
      <Heading level={headingLevel} ref={heading} tabIndex={-1} className="two-factor-heading">
        {t('codes.heading')}
      </Heading>
      <Alert variation="success">{t('codes.enabled')}</Alert>
      <Text>{t('codes.intro')}</Text>
      <ol className="recovery-code-list" aria-label={t('codes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Text className="field-hint">{t('codes.once')}</Text>
      <Flex gap="small" wrap="wrap">
        <Button onClick={download} gap="xs">
          <Icon name="download" size={18} />
          {t('codes.download')}
        </Button>
        <Button variation="primary" onClick={onDone}>
          {t('codes.saved')}
        </Button>
      </Flex>
    </Flex>
  );
}
