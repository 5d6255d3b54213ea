import { Badge } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

/** 'Active' (green) or 'Inactive' (grey). */
export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge size="small" variation={active ? 'success' : undefined} className={active ? 'status-badge active' : 'status-badge inactive'}>
      {active ? t('active') : t('inactive')}
    </Badge>
  );
}
