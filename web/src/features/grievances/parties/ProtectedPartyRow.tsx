// A victim whose identity the law protects, on the grievance form: what may be shown of them
// (role, gender, age) and why the rest is not, with nothing to change and no way to remove
// them. The form sends the row back as the server gave it, which keeps the victim as recorded.
import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Party } from '../../../api/types';
import { FactList } from '../../../components/FactList';
import { dash } from '../../../lib/format';
import { partyText } from './parties';

export function ProtectedPartyRow({ party }: { party: Party }) {
  const { t } = useTranslation('grievances');
  return (
    <>
      <FactList
        facts={[
          { label: t('field.role'), value: t(`parties.role.${party.role}`) },
          { label: t('field.name'), value: dash(partyText(party.name)) },
          { label: t('field.gender'), value: party.gender ? t(`parties.gender.${party.gender}`) : '-' },
          { label: t('field.age'), value: party.age === null || party.age === undefined ? '-' : t('parties.years', { count: party.age }) },
        ]}
      />
      <Text className="muted-text" marginTop="small">{t('parties.protectedRow')}</Text>
    </>
  );
}
