// The detail screen's 'People in the case': each person's role, name, relation, gender and
// age, mobile, email, identity document and address. A document is shown by its kind and last
// four, as the server gives it; only a reveal's answer carries the number, shown whole. A victim of a sensitive case comes from the server with the
// identity held back (BNS s.72, POCSO s.23); the marker it sends is shown in the reader's
// language, and the case says why.
import { Badge, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Party } from '../../../api/types';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { dash, formatDate } from '../../../lib/format';
import { partyText } from './parties';

/** Shown on a sensitive case: its victims' identity is protected by law. */
export function SensitiveBadge({ sensitive }: { sensitive: boolean | undefined }) {
  const { t } = useTranslation('grievances');
  if (!sensitive) return null;
  return (
    <Badge size="small" variation="warning" className="sensitive-badge">
      {t('parties.protectedBadge')}
    </Badge>
  );
}

interface PartiesListProps {
  parties: readonly Party[];
  sensitive: boolean | undefined;
  labelledBy: string;
}

export function PartiesList({ parties, sensitive, labelledBy }: PartiesListProps) {
  const { t } = useTranslation('grievances');

  const relation = (party: Party) => {
    const name = partyText(party.relation_name);
    if (!party.relation) return dash(name);
    const kind = t(`parties.relation.${party.relation}`);
    return name ? `${kind}: ${name}` : kind;
  };

  const genderAge = (party: Party) => {
    const parts = [
      party.gender ? t(`parties.gender.${party.gender}`) : null,
      party.age === null || party.age === undefined ? null : t('parties.years', { count: party.age }),
      party.date_of_birth ? t('parties.born', { date: formatDate(party.date_of_birth) }) : null,
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(', ') : '-';
  };

  const document = (party: Party) => {
    const given = party.id_document;
    if (!given) return '-';
    const kind = t(`parties.id_document_kind.${given.kind}`);
    return given.number ? t('parties.documentNumber', { kind, number: given.number }) : t('parties.documentEnding', { kind, last: given.last_four });
  };

  const columns: Column<Party>[] = [
    { id: 'name', header: t('field.name'), className: 'cell-strong', rowHeader: true, cell: (party) => dash(partyText(party.name)) },
    { id: 'role', header: t('field.role'), cell: (party) => t(`parties.role.${party.role}`) },
    { id: 'relation', header: t('field.relation'), cell: relation },
    { id: 'gender-age', header: t('parties.genderAge'), cell: genderAge },
    { id: 'mobile', header: t('field.mobile'), className: 'cell-nowrap', cell: (party) => dash(party.mobile) },
    { id: 'email', header: t('field.email'), cell: (party) => dash(party.email) },
    { id: 'id-document', header: t('field.id_document_kind'), className: 'cell-nowrap', cell: document },
    { id: 'address', header: t('field.address'), className: 'cell-wrap', cell: (party) => dash(partyText(party.address)) },
  ];

  return (
    <Flex direction="column" gap="small">
      {sensitive ? <Text className="section-hint">{t('parties.sensitiveNote')}</Text> : null}
      {parties.length === 0 ? (
        <Text className="muted-text fallback-text">{t('parties.noneRecorded')}</Text>
      ) : (
        <DataTable columns={columns} rows={parties} rowKey={(party, index) => `${party.role}-${index}`} labelledBy={labelledBy} size="small" cards inset />
      )}
    </Flex>
  );
}
