// A checkbox with a hint under it that describes it to screen readers: the role form's
// settings ("Require two-factor authentication", "Closing needs approval").
import { useId } from 'react';
import { CheckboxField, Flex, Text } from '@aws-amplify/ui-react';

interface HintedCheckboxFieldProps {
  label: string;
  hint: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function HintedCheckboxField({ label, hint, name, checked, onChange, disabled = false }: HintedCheckboxFieldProps) {
  const hintId = useId();
  return (
    <Flex direction="column" gap="xxs" marginBottom="large">
      <CheckboxField
        label={label}
        name={name}
        value="yes"
        checked={checked}
        isDisabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hintId}
      />
      <Text id={hintId} className="field-hint">
        {hint}
      </Text>
    </Flex>
  );
}
