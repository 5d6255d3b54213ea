// Grievance detail (spec §2 "Grievance detail", §8).
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import useSWR, { useSWRConfig } from 'swr';
import { Alert, Button, Card, Flex, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { ApiError, errorText } from '../../api/errors';
import type { GrievanceEnvelope, GrievanceView as Grievance } from '../../api/types';
import { CaseStatusBadge, PriorityBadge } from '../../components/CaseBadges';
import { FactList } from '../../components/FactList';
import { Icon } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { useTransientMessage } from '../../components/use-transient-message';
import { dash, formatDate, formatDateTime, yesNo } from '../../lib/format';
import { usePermission } from '../auth/use-permission';
import { grievanceKey, historyKey } from './api';
import { AttachmentsSection } from './attachments/AttachmentsSection';
import { GrievanceHistory } from './GrievanceHistory';
import { CaseNotesSection } from './notes/CaseNotesSection';
import { OverdueBadge } from './pendency/OverdueBadge';
import { PendencyFacts } from './pendency/PendencyFacts';
import { StatusChangeForm } from './StatusChangeForm';

export const NOT_FOUND = 'Grievance not found';

/** The message bar's text: the server's, else 'Grievance not found' (404) or 'Failed to load grievance details'. */
export function detailErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return error.serverMessage ?? NOT_FOUND;
  return errorText(error, error ? 'Failed to load grievance details' : NOT_FOUND);
}

function Section({ id, title, children, actions }: { id: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Card as="section" variation="outlined" className="panel detail-section" aria-labelledby={id}>
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs" className="section-head">
        <Heading level={2} className="panel-title" id={id}>
          {title}
        </Heading>
        {actions}
      </Flex>
      {children}
    </Card>
  );
}

/** Long text kept as typed (line breaks), or a fallback in muted type. */
function Prose({ text, fallback }: { text: string | null | undefined; fallback: string }) {
  return text && text.trim() ? (
    <Text className="prose">{text}</Text>
  ) : (
    <Text className="muted-text fallback-text">{fallback}</Text>
  );
}

function GrievanceView({ g, canUpdate, canAudit }: { g: Grievance; canUpdate: boolean; canAudit: boolean }) {
  const { mutate } = useSWRConfig();
  const notice = useTransientMessage(5000);
  const officers = g.investigation_officers ?? [];

  return (
    <>
      <PageHeader
        title={g.grievance_number}
        description={`FIR ${g.fir_no} · ${dash(g.crime_title)} · ${dash(g.police_station)}`}
        actions={
          <>
            <Button as={Link} to="/grievances" gap="xs">
              <Icon name="back" size={18} />
              Back
            </Button>
            {canUpdate ? (
              <Button as={Link} to={`/grievances/edit/${g.id}`} variation="primary" gap="xs">
                <Icon name="edit" size={18} />
                Edit
              </Button>
            ) : null}
          </>
        }
      />
      <Flex gap="xs" wrap="wrap" className="detail-badges">
        <CaseStatusBadge status={g.status} label="Status" />
        <PriorityBadge priority={g.priority} label="Priority" />
        <OverdueBadge pendency={g.pendency} />
      </Flex>

      {notice.message ? (
        <Alert variation="success" role="status" className="page-notice" isDismissible onDismiss={notice.clear}>
          {notice.message}
        </Alert>
      ) : null}

      <Flex direction="column" gap="medium">
        <Section id="fir-details" title="FIR Basic Details">
          <FactList
            facts={[
              { label: 'Type of Call', value: dash(g.type_of_call) },
              { label: 'FIR Number', value: dash(g.fir_no) },
              { label: 'FIR Date', value: formatDate(g.fir_date) },
              { label: 'Section & Act', value: dash(g.section_and_act) },
              { label: 'Crime Title', value: dash(g.crime_title) },
            ]}
          />
        </Section>

        <Section id="location" title="Location">
          <FactList
            facts={[
              { label: 'District', value: dash(g.district) },
              { label: 'Police Station', value: dash(g.police_station) },
            ]}
          />
        </Section>

        {officers.length > 0 ? (
          <Section id="officers" title="Investigation Officers">
            <div className="table-scroll inset-table">
              <Table className="data-table" aria-labelledby="officers" size="small">
                <TableHead>
                  <TableRow>
                    <TableCell as="th">Officer Name</TableCell>
                    <TableCell as="th">From Date</TableCell>
                    <TableCell as="th">To Date</TableCell>
                    <TableCell as="th">Findings</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {officers.map((officer, index) => (
                    <TableRow key={`${officer.officer_name}-${index}`}>
                      <TableCell data-label="Officer Name" className="cell-strong">
                        {dash(officer.officer_name)}
                      </TableCell>
                      <TableCell data-label="From Date" className="cell-nowrap">
                        {formatDate(officer.from_date)}
                      </TableCell>
                      <TableCell data-label="To Date" className="cell-nowrap">
                        {formatDate(officer.to_date)}
                      </TableCell>
                      <TableCell data-label="Findings" className="cell-wrap prose">
                        {dash(officer.findings)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </Section>
        ) : null}

        <Section id="current-status" title="Current Status">
          <FactList
            facts={[
              { label: 'Status', value: dash(g.status) },
              { label: 'Priority', value: dash(g.priority) },
              { label: 'Put in Court', value: yesNo(g.put_in_court) },
              { label: 'Current Investigation Officer', value: dash(g.current_investigation_officer) },
              { label: 'Cross Case', value: yesNo(g.cross_case) },
              { label: 'Reason', value: dash(g.reason) },
            ]}
          />
          {/* Absent only from a server older than issue 9. */}
          {g.pendency ? <PendencyFacts pendency={g.pendency} /> : null}
          {canUpdate ? (
            <StatusChangeForm
              key={g.version}
              grievance={g}
              onReload={() => void mutate(grievanceKey(g.id))}
              onChanged={(updated) => {
                void mutate(grievanceKey(g.id), { success: true, data: updated }, { revalidate: false });
                void mutate(historyKey(g.id));
                notice.show(`Status changed to ${updated.status}.`);
              }}
            />
          ) : null}
        </Section>

        <Section id="complaint" title="Complaint Details">
          <Prose text={g.brief_details} fallback="No details provided" />
        </Section>

        <Section id="dates" title="Important Dates">
          <FactList
            facts={[
              { label: 'Date of Order', value: formatDate(g.date_of_order) },
              { label: 'Date of Inward', value: formatDate(g.date_of_inward) },
              { label: 'Date for Scrutiny', value: formatDate(g.date_for_scrutiny) },
              { label: 'Scrutiny Officer', value: dash(g.scrutiny_officer_name) },
              { label: 'Received After Scrutiny', value: formatDate(g.received_date_after_scrutiny) },
              { label: 'Date of Outward', value: formatDate(g.date_of_outward) },
            ]}
          />
        </Section>

        <Section id="decisions" title="Actions & Decisions">
          <FactList
            className="fact-list-wide"
            facts={[
              {
                label: 'Action Taken by IG Office',
                value: <Prose text={g.action_taken_by_ig_office} fallback="No action recorded" />,
                wide: true,
              },
              { label: 'Final Decision', value: <Prose text={g.final_decision} fallback="Pending decision" />, wide: true },
            ]}
          />
        </Section>

        <Section id="attachments" title="Attachments">
          <AttachmentsSection grievanceId={g.id} canUpdate={canUpdate} headingId="attachments" />
        </Section>

        <Section id="case-notes" title="Case Notes">
          <CaseNotesSection grievanceId={g.id} canUpdate={canUpdate} />
        </Section>

        <Section id="system" title="System Information">
          <FactList
            facts={[
              { label: 'Filed By', value: dash(g.filed_by_name) },
              { label: 'Assigned To', value: dash(g.assigned_to_name) },
              { label: 'Filed Date', value: formatDateTime(g.filed_at) },
              { label: 'Last Updated', value: formatDateTime(g.updated_at) },
            ]}
          />
        </Section>

        <Section
          id="history"
          title="Audit History"
          actions={
            canAudit ? (
              <Button as={Link} to="/audit" size="small" variation="link">
                All audit records
              </Button>
            ) : null
          }
        >
          <GrievanceHistory id={g.id} />
        </Section>
      </Flex>
    </>
  );
}

export default function GrievanceDetailPage() {
  const { id } = useParams();
  const validId = id !== undefined && /^\d+$/.test(id);
  const canUpdate = usePermission('grievances', 'update');
  const canAudit = usePermission('audit', 'read');
  const { data, error, isLoading, mutate } = useSWR<GrievanceEnvelope>(validId ? grievanceKey(id) : null);

  if (validId && isLoading && !data) return <LoadingState label="Loading grievance details..." />;

  const grievance = data?.data;
  if (!grievance) {
    const retry = error && !(error instanceof ApiError && error.status === 404);
    return (
      <>
        <PageHeader title="Grievance Details" />
        <Alert variation="error" className="page-notice">
          {validId ? detailErrorText(error) : NOT_FOUND}
        </Alert>
        <Flex gap="small" wrap="wrap">
          <Button as={Link} to="/grievances" gap="xs">
            Back to List
          </Button>
          {retry ? (
            <Button onClick={() => void mutate()} gap="xs">
              <Icon name="refresh" size={18} />
              Try Again
            </Button>
          ) : null}
        </Flex>
      </>
    );
  }

  return <GrievanceView g={grievance} canUpdate={canUpdate} canAudit={canAudit} />;
}
