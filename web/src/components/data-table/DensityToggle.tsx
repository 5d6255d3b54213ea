// A table's Compact / Comfortable switch: two toggle buttons, one pressed.
import { ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { DENSITIES, type Density } from './density';

interface DensityToggleProps {
  density: Density;
  onChange: (next: Density) => void;
}

export function DensityToggle({ density, onChange }: DensityToggleProps) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      value={density}
      isExclusive
      isSelectionRequired
      size="small"
      className="density-toggle"
      aria-label={t('table.density')}
      onChange={(value) => {
        const next = DENSITIES.find((choice) => choice === value);
        if (next) onChange(next);
      }}
    >
      {DENSITIES.map((choice) => (
        <ToggleButton key={choice} value={choice}>
          {t(`table.densityChoice.${choice}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
