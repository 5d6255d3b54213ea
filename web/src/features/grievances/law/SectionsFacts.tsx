// A grievance's sections on its screen: each as cited, with the date of the offence, and
// what does not fit in them (an IPC section for an offence from 1 July 2024, ...) as the
// server warns, in the reader's language.
import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { GrievanceView } from '../../../api/types';
import { serverCodeText } from '../../../i18n/server-error';
import { formatDate } from '../../../lib/format';
import { citation } from './law';

export function SectionsFacts({ grievance }: { grievance: Pick<GrievanceView, 'sections' | 'section_warnings'> }) {
  const { t } = useTranslation('casework');
  const sections = grievance.sections ?? [];
  if (!sections.length) return <Text as="span">{t('law.noSections')}</Text>;
  return (
    <Flex direction="column" gap="xs" as="span">
      <Text as="span">
        {sections
          .map((s) => (s.offence_date ? t('law.citedOn', { section: citation(s), date: formatDate(s.offence_date) }) : citation(s)))
          .join('; ')}
      </Text>
      {(grievance.section_warnings ?? []).map((w) => (
        <Alert key={`${w.index}-${w.code}`} variation="warning" role="status">
          {serverCodeText(w, w.message)}
        </Alert>
      ))}
    </Flex>
  );
}
