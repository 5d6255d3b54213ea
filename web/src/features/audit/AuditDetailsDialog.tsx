// The details of one audit record (spec §2 "Audit History"): who, what
// changed, and the technical details of the request.
import type { ReactNode } from 'react';
import { Button, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { Dialog } from '../../components/Dialog';
import { FactList } from '../../components/FactList';
import { dash, formatDateTime } from '../../lib/format';
import { fieldLabel } from '../grievances/field-labels';
import { ActionBadge } from './ActionBadge';
import { CHANGE_PARSE_ERROR, displayValue, entryField, type AuditEntry } from './audit-record';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="details-part">
      <Heading level={3} className="subsection-title" id={id}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

function ChangeDetails({ entry }: { entry: AuditEntry }) {
  if (entry.changesError) return <Text className="error-text">{CHANGE_PARSE_ERROR}</Text>;
  if (entry.changes.length > 0) {
    return (
      <>
        {entry.summary ? <Text marginBottom="xs">{entry.summary}</Text> : null}
        <div className="table-scroll">
          <Table className="data-table change-table" size="small" aria-label="Change details">
            <TableHead>
              <TableRow>
                <TableCell as="th">Field</TableCell>
                <TableCell as="th">Change</TableCell>
                <TableCell as="th">Old Value</TableCell>
                <TableCell as="th">New Value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entry.changes.map((change, index) => (
                <TableRow key={`${change.field}-${index}`}>
                  <TableCell data-label="Field" className="cell-strong">
                    {fieldLabel(change.field)}
                  </TableCell>
                  <TableCell data-label="Change">{change.action.charAt(0).toUpperCase() + change.action.slice(1)}</TableCell>
                  <TableCell data-label="Old Value" className="cell-wrap">
                    {displayValue(change.oldValue)}
                  </TableCell>
                  <TableCell data-label="New Value" className="cell-wrap">
                    {displayValue(change.newValue)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </>
    );
  }
  if (entry.old_value || entry.new_value) {
    return (
      <FactList
        facts={[
          { label: 'Old Value', value: displayValue(entry.old_value) },
          { label: 'New Value', value: displayValue(entry.new_value) },
        ]}
      />
    );
  }
  return <Text className="muted-text">{entry.summary || 'No field values recorded.'}</Text>;
}

export function AuditDetailsDialog({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const technical = [
    { label: 'IP Address', value: entry.ip_address },
    { label: 'User Agent', value: entry.user_agent },
    { label: 'Session ID', value: entry.session_id },
  ].filter((fact) => fact.value);

  return (
    <Dialog title="Audit Record Details" onClose={onClose} size="large">
      {/* Scrolls on small screens: focusable so the keyboard can scroll it too. */}
      <div className="modal-body details-body" tabIndex={0} role="region" aria-label="Record details">
        <div className="details-lead">
          <ActionBadge action={entry.action} />
          <Text as="span" className="details-when">
            {entry.grievance_number ? `${entry.grievance_number} · ` : ''}
            <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
          </Text>
        </div>
        <Part id="details-user" title="User">
          <FactList
            facts={[
              { label: 'User Name', value: dash(entry.user_name) },
              { label: 'Email', value: dash(entry.user_email) },
              { label: 'Role', value: dash(entry.user_role) },
            ]}
          />
        </Part>
        <Part id="details-change" title="Change">
          <FactList
            facts={[
              { label: 'Field Changed', value: entryField(entry) },
              { label: 'Notes', value: dash(entry.notes), wide: true },
            ]}
          />
        </Part>
        <Part id="details-changes" title="Change Details">
          <ChangeDetails entry={entry} />
        </Part>
        {technical.length > 0 ? (
          <Part id="details-technical" title="Technical Details">
            <FactList facts={technical.map((fact) => ({ ...fact, wide: fact.label === 'User Agent' }))} className="mono-values" />
          </Part>
        ) : null}
      </div>
      <div className="modal-foot">
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
