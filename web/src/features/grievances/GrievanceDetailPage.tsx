// The grievance detail screen.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrievanceItemNames } from '../../api/item-names';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ApiError, errorText } from '../../api/errors';
import { i18n } from '../../i18n';
import type { GrievanceView as Grievance } from '../../api/types';
import { CaseStatusBadge, PriorityBadge } from '../../components/CaseBadges';
import { FactList } from '../../components/FactList';
import { Icon } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { useTransientMessage } from '../../components/use-transient-message';
import { dash, formatDate, formatDateTime, yesNo } from '../../lib/format';
import { usePermission } from '../auth/use-permission';
import { useSession } from '../auth/use-session';
import { useGrievance } from './api/use-grievance';
import { useGrievanceCache } from './api/use-grievance-cache';
import { useGrievanceHistory } from './api/use-grievance-history';
import { OPTIONAL_FIELDS_DETAIL_ORDER } from './field-labels';
import { noticeState, useArrivalNotice } from './arrival-notice';
import { listPlacePath, RETURN_STATE } from './list-place';
import { AttachmentsSection } from './attachments/AttachmentsSection';
import { GrievanceHistory } from './GrievanceHistory';
import { CaseNotesSection } from './notes/CaseNotesSection';
import { LinkedGrievancesSection } from './links/LinkedGrievancesSection';
import { OfficersTable } from './OfficersTable';
import { SensitiveBadge } from './parties/PartiesList';
import { PartiesSection } from './parties/PartiesSection';
import { FeedbackSection, showsFeedback } from './citizen/FeedbackSection';
import { ProgressSection } from './citizen/ProgressSection';
import { OverdueBadge } from './pendency/OverdueBadge';
import { PendencyFacts } from './pendency/PendencyFacts';
import { PublicationSection, showsPublication } from './publication/PublicationSection';
import { StatusChangeForm } from './StatusChangeForm';
import { transfersOf } from './transfer/transfer';
import { TransferDialog } from './transfer/TransferDialog';
import { AssignDialog } from './assign/AssignDialog';
import { closureRequested, mayDecideClosure } from './closure/closure';
import { assignUndo, statusUndo } from './undo/undo';
import { UndoNotice } from './undo/UndoNotice';
import { useUndo } from './undo/use-undo';
import { ClosurePendingBadge } from './closure/ClosurePendingBadge';
import { EscalatedBadge } from './escalation/EscalatedBadge';
import { ClosureRequestPanel } from './closure/ClosureRequestPanel';
import { TransferHistory } from './transfer/TransferHistory';
import { ClocksSection } from './law/ClocksSection';
import { SectionsFacts } from './law/SectionsFacts';
import { dismissLabel } from '../../i18n/amplify-labels';
import { CaseFileMenu } from './case-file/CaseFileMenu';
import { useDeletion } from '../../components/use-deletion';
import { grievancesApi } from './api/grievances';
import { DeleteGrievanceDialog } from './delete/DeleteGrievanceDialog';
import { usePrintRecord } from './use-print-record';
import './case-print.css';

const notFound = () => i18n.t('grievances:detail.notFound');

/** The message bar's text: the server's, else 'Grievance not found' (404) or 'Failed to load grievance details'. */
export function detailErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return error.serverMessage ?? notFound();
  return errorText(error, error ? i18n.t('grievances:detail.loadFailed') : notFound());
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

/**
 * After a transfer or an assignment: the grievance read again, and the message (said by
 * `say`, the screen's notice unless told otherwise). A grievance sent out of the user's
 * reach answers 404 then, so the message goes to the list.
 */
function useAfterMove(showNotice: (text: string) => void) {
  const cache = useGrievanceCache();
  const navigate = useNavigate();
  return async (transferred: Grievance, message: string, say: (text: string) => void = showNotice) => {
    try {
      await cache.fetchNow(transferred.id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        void navigate('/grievances', { state: noticeState(message) });
        return;
      }
      // Transferred all the same: show the grievance as the transfer answered it.
      void cache.put(transferred.id, transferred);
    }
    void cache.reloadHistory(transferred.id);
    say(message);
  };
}

interface GrievanceViewProps {
  g: Grievance;
  canUpdate: boolean;
  canDelete: boolean;
  canAudit: boolean;
  /** The signed-in user's id: their own closure request is theirs to wait on, not to decide. */
  userId: number | undefined;
  /** The signed-in user may approve or return the pending closure request. */
  canDecideClosure: boolean;
  /** The signed-in user may reveal protected identities and mark the case sensitive. */
  canReveal: boolean;
  /** The signed-in user may withhold the case from publication, or publish it again. */
  canWithhold: boolean;
  /** The signed-in user holds grievances approve: they may decide the complainant's appeal. */
  canDecideAppeal: boolean;
}

function GrievanceView({ g, canUpdate, canDelete, canAudit, userId, canDecideClosure, canReveal, canWithhold, canDecideAppeal }: GrievanceViewProps) {
  const names = useGrievanceItemNames();
  const cache = useGrievanceCache();
  const { t } = useTranslation('grievances');
  const notice = useTransientMessage(5000);
  useArrivalNotice(notice.show);
  const officers = g.investigation_officers ?? [];
  const [transferring, setTransferring] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const afterMove = useAfterMove(notice.show);
  // A failure of the header's actions (the case file's download, a deletion), kept until dismissed.
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  // A deleted grievance has no screen left: its message goes to the list.
  const deletion = useDeletion<Grievance>({
    remove: (grievance, reason) => grievancesApi.remove(grievance.id, reason),
    deleted: (grievance) => t('list.deleted', { number: grievance.grievance_number }),
    failed: t('list.deleteFailed'),
    onDeleted: (text) => void navigate(listPlacePath(), { state: noticeState(text) }),
    onFailure: setFailure,
    onSettled: () => undefined,
  });
  const transfers = transfersOf(useGrievanceHistory(g.id).data ?? []);
  // A print of this screen is audited; the History below then shows it.
  usePrintRecord(g.id, () => void cache.reloadHistory(g.id));
  /** A section changed the case: its new version shown, its history (the change is audited) read again, and the section's words said. */
  const changed = (updated: Grievance, message: string) => {
    void cache.put(g.id, updated);
    void cache.reloadHistory(g.id);
    notice.show(message);
  };
  // A status change or an assignment made here can be put back for a while (its message then
  // stands beside the Undo instead of alone).
  const undo = useUndo();
  const offerUndo = (message: string, run: () => Promise<Grievance>, onDone: (undone: Grievance) => void) => {
    notice.clear();
    undo.make({ message, run, onDone, failed: t('undo.failed'), onFailed: () => void cache.reload(g.id) });
  };
  const statusChanged = (updated: Grievance) => {
    void cache.put(g.id, updated);
    void cache.reloadHistory(g.id);
    // A role whose closures need approval gets a closure request, not the status: nothing moved to undo.
    if (closureRequested(g, updated)) {
      notice.show(t('casework:closure.requested'));
      return;
    }
    const message = t('detail.statusChanged', { status: updated.status });
    const back = statusUndo(g, updated);
    if (!back) {
      notice.show(message);
      return;
    }
    offerUndo(
      message,
      () => grievancesApi.changeStatus(g.id, back),
      // Put back to a closing status, the undo may itself become a closure request.
      (undone) => changed(undone, closureRequested(updated, undone) ? t('casework:closure.requested') : t('undo.statusDone', { status: undone.status })),
    );
  };
  const assigned = (moved: Grievance) => {
    setAssigning(false);
    const name = moved.assigned_to_name;
    const previous = assignUndo(g, moved);
    const say =
      previous === undefined
        ? undefined
        : (message: string) =>
            offerUndo(
              message,
              () => grievancesApi.assign(g.id, previous),
              (undone) => {
                const again = undone.assigned_to_name;
                void afterMove(undone, again ? t('undo.assignDone', { name: again }) : t('assign.cleared'));
              },
            );
    void afterMove(moved, name ? t('assign.done', { name }) : t('assign.cleared'), say);
  };

  return (
    <div className="case-detail">
      {/* On paper the case is named at the top of the sheet, without the screen's chrome. */}
      <p className="print-only case-print-head">{t('detail.printHead', { number: g.grievance_number, fir: dash(g.fir_no) })}</p>
      <PageHeader
        title={g.grievance_number}
        description={t('detail.description', { fir: g.fir_no, crime: dash(names.crime_titles(g.crime_title)), station: dash(names.police_stations(g.police_station)) })}
        actions={
          <>
            <Button as={Link} to={listPlacePath()} state={RETURN_STATE} gap="xs">
              <Icon name="back" size={18} />
              {t('detail.back')}
            </Button>
            <CaseFileMenu grievance={g} onStart={() => setFailure(null)} onFailure={setFailure} />
            {canUpdate ? (
              <>
                <Button gap="xs" onClick={() => setAssigning(true)}>
                  <Icon name="assign" size={18} />
                  {t('assign.open')}
                </Button>
                <Button gap="xs" onClick={() => setTransferring(true)}>
                  <Icon name="transfer" size={18} />
                  {t('transfer.open')}
                </Button>
                <Button as={Link} to={`/grievances/edit/${g.id}`} variation="primary" gap="xs">
                  <Icon name="edit" size={18} />
                  {t('list.edit')}
                </Button>
              </>
            ) : null}
            {canDelete ? (
              <Button gap="xs" className="danger-button" onClick={() => deletion.ask(g)}>
                <Icon name="delete" size={18} />
                {t('common:delete')}
              </Button>
            ) : null}
          </>
        }
      />
      <Flex gap="xs" wrap="wrap" className="detail-badges">
        <CaseStatusBadge status={g.status} label={t('field.status')} />
        <PriorityBadge priority={g.priority} label={t('field.priority')} />
        <OverdueBadge pendency={g.pendency} />
        <ClosurePendingBadge closure={g.closure} />
        <EscalatedBadge escalation={g.escalation} />
        <SensitiveBadge sensitive={g.sensitive} />
      </Flex>

      {failure ? (
        <Alert variation="error" className="page-notice" isDismissible {...dismissLabel()} onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      {/* Floating over the foot of the screen, one above the other: a section's message, and the Undo of a change. */}
      <div className="toast-stack">
        {notice.message ? (
          <Alert variation="success" role="status" isDismissible {...dismissLabel()} onDismiss={notice.clear}>
            {notice.message}
          </Alert>
        ) : null}
        <UndoNotice undo={undo} />
      </div>

      <Flex direction="column" gap="medium">
        {g.closure ? (
          <Section id="closure-request" title={t('casework:closure.title')}>
            <ClosureRequestPanel
              key={g.version}
              grievance={{ ...g, closure: g.closure }}
              own={userId === g.closure.requested_by}
              canDecide={canDecideClosure}
              onReload={() => void cache.reload(g.id)}
              onDecided={changed}
            />
          </Section>
        ) : null}

        {/* Near the top, as the closure request: an open appeal waits for a decision. */}
        {showsFeedback(g) ? (
          <Section id="complainant-feedback" title={t('casework:citizen.feedbackTitle')}>
            <FeedbackSection
              grievance={g}
              canDecide={canDecideAppeal}
              onReload={() => void cache.reload(g.id)}
              onDecided={changed}
            />
          </Section>
        ) : null}

        <Section id="fir-details" title={t('detail.firDetails')}>
          <FactList
            facts={[
              { label: t('field.type_of_call'), value: dash(names.call_types(g.type_of_call)) },
              { label: t('field.fir_no'), value: dash(g.fir_no) },
              { label: t('field.fir_date'), value: formatDate(g.fir_date) },
              { label: t('field.section_and_act'), value: dash(g.section_and_act) },
              { label: t('casework:law.sections'), value: <SectionsFacts grievance={g} /> },
              { label: t('field.crime_title'), value: dash(names.crime_titles(g.crime_title)) },
            ]}
          />
        </Section>

        {showsPublication(g, canWithhold) ? (
          <Section id="publication" title={t('publication.title')}>
            <PublicationSection
              key={g.id}
              grievance={g}
              canWithhold={canWithhold}
              onChanged={changed}
            />
          </Section>
        ) : null}

        <Section id="statutory-clocks" title={t('casework:law.clocksTitle')}>
          <ClocksSection
            grievance={g}
            canUpdate={canUpdate}
            headingId="statutory-clocks"
            onRecorded={changed}
          />
        </Section>

        <Section id="location" title={t('detail.location')}>
          <FactList
            facts={[
              { label: t('field.district'), value: dash(names.districts(g.district)) },
              { label: t('field.police_station'), value: dash(names.police_stations(g.police_station)) },
            ]}
          />
        </Section>

        {transfers.length > 0 ? (
          <Section id="transfers" title={t('transfer.historyTitle')}>
            <TransferHistory transfers={transfers} labelledBy="transfers" />
          </Section>
        ) : null}

        {officers.length > 0 ? (
          <Section id="officers" title={t('field.investigation_officers')}>
            <OfficersTable officers={officers} labelledBy="officers" />
          </Section>
        ) : null}

        <Section id="current-status" title={t('detail.currentStatus')}>
          <FactList
            facts={[
              { label: t('field.status'), value: dash(names.statuses(g.status)) },
              { label: t('field.priority'), value: dash(names.priorities(g.priority)) },
              { label: t('field.put_in_court'), value: yesNo(g.put_in_court) },
              { label: t('field.current_investigation_officer'), value: dash(g.current_investigation_officer) },
              { label: t('field.cross_case'), value: yesNo(g.cross_case) },
              { label: t('field.reason'), value: dash(names.reasons(g.reason)) },
            ]}
          />
          {/* Absent only from a server of an earlier release, which did not send it. */}
          {g.pendency ? <PendencyFacts pendency={g.pendency} /> : null}
          {canUpdate ? (
            <StatusChangeForm
              key={g.version}
              grievance={g}
              onReload={() => void cache.reload(g.id)}
              onChanged={statusChanged}
            />
          ) : null}
        </Section>

        <Section id="complaint" title={t('detail.complaint')}>
          <Prose text={g.brief_details} fallback={t('detail.noDetails')} />
        </Section>

        {/* Absent only from a server of an earlier release, which did not send them. */}
        {g.parties ? (
          <Section id="parties" title={t('field.parties')}>
            <PartiesSection
              key={g.id}
              grievance={{ ...g, parties: g.parties }}
              canReveal={canReveal}
              labelledBy="parties"
              onRevealed={() => void cache.reloadHistory(g.id)}
              onMarked={changed}
            />
          </Section>
        ) : null}

        <Section id="complainant-progress" title={t('casework:citizen.progressTitle')}>
          <ProgressSection
            grievance={g}
            canUpdate={canUpdate}
            onReload={() => void cache.reload(g.id)}
            onRecorded={changed}
          />
        </Section>

        <Section id="dates" title={t('detail.dates')}>
          <FactList
            facts={OPTIONAL_FIELDS_DETAIL_ORDER.map((field) => ({
              label: t(`field.${field.name}`),
              value: field.kind === 'date' ? formatDate(g[field.name]) : dash(g[field.name]),
            }))}
          />
        </Section>

        <Section id="decisions" title={t('detail.decisions')}>
          <FactList
            className="fact-list-wide"
            facts={[
              {
                label: t('field.action_taken_by_ig_office'),
                value: <Prose text={g.action_taken_by_ig_office} fallback={t('detail.noAction')} />,
                wide: true,
              },
              { label: t('field.final_decision'), value: <Prose text={g.final_decision} fallback={t('detail.pendingDecision')} />, wide: true },
            ]}
          />
        </Section>

        <Section id="attachments" title={t('casework:attachments.title')}>
          <AttachmentsSection grievanceId={g.id} canUpdate={canUpdate} headingId="attachments" />
        </Section>

        <Section id="case-notes" title={t('casework:notes.title')}>
          <CaseNotesSection grievanceId={g.id} canUpdate={canUpdate} />
        </Section>

        <Section id="system" title={t('detail.system')}>
          <FactList
            facts={[
              { label: t('field.filed_by_name'), value: dash(g.filed_by_name) },
              { label: t('field.assigned_to_name'), value: dash(g.assigned_to_name) },
              { label: t('field.filed_at'), value: formatDateTime(g.filed_at) },
              { label: t('field.updated_at'), value: formatDateTime(g.updated_at) },
            ]}
          />
        </Section>

        <Section
          id="history"
          title={t('detail.history')}
          actions={
            canAudit ? (
              <Button as={Link} to="/audit" size="small" variation="link">
                {t('detail.allAudit')}
              </Button>
            ) : null
          }
        >
          <GrievanceHistory id={g.id} />
        </Section>

        <Section id="linked-grievances" title={t('casework:links.title')}>
          <LinkedGrievancesSection key={g.id} grievance={g} canUpdate={canUpdate} headingId="linked-grievances" />
        </Section>
      </Flex>

      {transferring ? (
        <TransferDialog
          grievance={g}
          onClose={() => setTransferring(false)}
          onTransferred={(transferred) => {
            setTransferring(false);
            void afterMove(transferred, t('transfer.done', { station: transferred.police_station }));
          }}
        />
      ) : null}
      <DeleteGrievanceDialog deletion={deletion} />
      {assigning ? (
        <AssignDialog
          grievance={g}
          onClose={() => setAssigning(false)}
          onAssigned={assigned}
        />
      ) : null}
    </div>
  );
}

export default function GrievanceDetailPage() {
  const { id } = useParams();
  const validId = id !== undefined && /^\d+$/.test(id);
  const canUpdate = usePermission('grievances', 'update');
  const canDelete = usePermission('grievances', 'delete');
  const canAudit = usePermission('audit', 'read');
  const canReveal = usePermission('grievances', 'view_identities');
  const canWithhold = usePermission('grievances', 'withhold_publication');
  const canDecideAppeal = usePermission('grievances', 'approve');
  const { user } = useSession();
  const { t } = useTranslation('grievances');
  const { data, error, isLoading, mutate } = useGrievance(validId ? id : null);

  if (validId && isLoading && !data) return <LoadingState label={t('detail.loading')} />;

  const grievance = data?.data;
  if (!grievance) {
    const retry = error && !(error instanceof ApiError && error.status === 404);
    return (
      <>
        <PageHeader title={t('detail.title')} />
        <Alert variation="error" className="page-notice">
          {validId ? detailErrorText(error) : notFound()}
        </Alert>
        <Flex gap="small" wrap="wrap">
          <Button as={Link} to={listPlacePath()} state={RETURN_STATE} gap="xs">
            {t('detail.backToList')}
          </Button>
          {retry ? (
            <Button onClick={() => void mutate()} gap="xs">
              <Icon name="refresh" size={18} />
              {t('common:tryAgain')}
            </Button>
          ) : null}
        </Flex>
      </>
    );
  }

  return (
    <GrievanceView
      g={grievance}
      canUpdate={canUpdate}
      canDelete={canDelete}
      canAudit={canAudit}
      userId={user?.id}
      canDecideClosure={mayDecideClosure(user, grievance)}
      canReveal={canReveal}
      canWithhold={canWithhold}
      canDecideAppeal={canDecideAppeal}
    />
  );
}
