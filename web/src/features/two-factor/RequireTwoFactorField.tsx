// The role form's "Require two-factor authentication" box (issue 10).
import { useId } from 'react';
import { CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

interface RequireTwoFactorFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function RequireTwoFactorField({ checked, onChange, disabled = false }: RequireTwoFactorFieldProps) {
  const { t } = useTranslation('twoFactor');
  const hintId = useId();
  return (
    <Flex direction="column" gap="xxs" marginBottom="large" className="require-two-factor">
      <CheckboxField
        label={t('roles.require')}
        name="require_two_factor"
        value="yes"
        checked={checked}
        isDisabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hintId}
      />
      <Text id={hintId} className="field-hint">
        {t('roles.requireHint')}
      </Text>
    </Flex>
  );
}
