// The role form's "Closing needs approval" box (issue 17): its holders' closures
// become closure requests that another officer approves.
import { useId } from 'react';
import { CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

interface ClosingNeedsApprovalFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function ClosingNeedsApprovalField({ checked, onChange, disabled = false }: ClosingNeedsApprovalFieldProps) {
  const { t } = useTranslation('roles');
  const hintId = useId();
  return (
    <Flex direction="column" gap="xxs" marginBottom="large" className="closing-needs-approval">
      <CheckboxField
        label={t('closing.needsApproval')}
        name="closing_needs_approval"
        value="yes"
        checked={checked}
        isDisabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hintId}
      />
      <Text id={hintId} className="field-hint">
        {t('closing.needsApprovalHint')}
      </Text>
    </Flex>
  );
}
