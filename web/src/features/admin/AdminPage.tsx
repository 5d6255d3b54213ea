// Admin Panel: the twelve lists offered in forms, one tab each, and beside them the rules
// and limits cases are held to, one tab each too: the pendency limits, the transfer limit,
// how long deleted grievances stay in the trash, the escalation waits and the statutory
// clock rules; then what the portal tells complainants (the citizen messages), and the views
// of the grievance list published to roles. The kinds are labelled rows of tabs, so that a
// setting is found by its name rather than inside another's tab. The open tab is kept in the
// address (?list=districts, ?list=transfer_limit) so it survives a reload. Those who may
// import a department's organisation, staff or registers from a file have a row of their own.
import './texts';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { isListKind, LIST_KINDS } from './list-kinds';
import { ListPanel } from './ListPanel';
import { AdminTabs } from './AdminTabs';
import { EscalationRulesPanel } from './EscalationRulesPanel';
import { PendencyLimitsPanel } from './PendencyLimitsPanel';
import { TransferLimitPanel } from './TransferLimitPanel';
import { TrashRetentionPanel } from './TrashRetentionPanel';
import { ClockRulesPanel } from './ClockRulesPanel';
import { CitizenMessagesPanel } from './citizens/CitizenMessagesPanel';
import { PublishedViewsPanel } from './PublishedViewsPanel';
import { LoadingState } from '../../components/LoadingState';
import { useSession } from '../auth/use-session';
import { importKinds } from './imports/import-access';

// Fetched when its tab is opened: the Admin Panel's other tabs do not wait for it.
const ImportPanel = lazy(() => import('./imports/ImportPanel'));

/** The tabs of the rules and limits; none is a list kind, so no list can take their names. */
export const PENDENCY_TAB = 'pendency_limits';
export const TRANSFER_TAB = 'transfer_limit';
export const TRASH_TAB = 'trash_retention';
export const ESCALATION_TAB = 'escalation';
export const CLOCKS_TAB = 'statutory_clocks';
const RULE_TABS = [PENDENCY_TAB, TRANSFER_TAB, TRASH_TAB, ESCALATION_TAB, CLOCKS_TAB] as const;
type RuleTab = (typeof RULE_TABS)[number];

const isRuleTab = (value: string | null): value is RuleTab => RULE_TABS.some((tab) => tab === value);

/** The tab of what complainants are told and allowed: not a rule cases are held to, so a row of its own. */
export const CITIZENS_TAB = 'citizen_messages';

/** The tab of the grievance list's views given to roles: neither a list nor a rule, a row of its own. */
export const VIEWS_TAB = 'published_views';

/** The tab of imports from a file: a row of its own, for those who may import some kind. */
export const IMPORT_TAB = 'import';

function RulePanel({ tab }: { tab: RuleTab }) {
  switch (tab) {
    case PENDENCY_TAB:
      return <PendencyLimitsPanel />;
    case TRANSFER_TAB:
      return <TransferLimitPanel />;
    case TRASH_TAB:
      return <TrashRetentionPanel />;
    case ESCALATION_TAB:
      return <EscalationRulesPanel />;
    case CLOCKS_TAB:
      return <ClockRulesPanel />;
  }
}

export default function AdminPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const canImport = importKinds(user).length > 0;
  const requested = params.get('list');
  const current =
    isListKind(requested) || isRuleTab(requested) || requested === CITIZENS_TAB || requested === VIEWS_TAB || (canImport && requested === IMPORT_TAB)
      ? requested
      : LIST_KINDS[0].kind;
  const ruleLabels: Record<RuleTab, string> = {
    [PENDENCY_TAB]: t('limits.title'),
    [TRANSFER_TAB]: t('transfers.title'),
    [TRASH_TAB]: t('trashRetention.title'),
    [ESCALATION_TAB]: t('escalation.title'),
    [CLOCKS_TAB]: t('clocks.tab'),
  };
  const list = LIST_KINDS.find((info) => info.kind === current);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <AdminTabs
        groups={[
          { id: 'lists', label: t('tabGroups.lists'), tabs: LIST_KINDS.map((info) => ({ value: info.kind, label: info.label })) },
          { id: 'rules', label: t('tabGroups.rules'), tabs: RULE_TABS.map((tab) => ({ value: tab, label: ruleLabels[tab] })) },
          { id: 'citizens', label: t('tabGroups.citizens'), tabs: [{ value: CITIZENS_TAB, label: t('citizens.tab') }] },
          { id: 'views', label: t('tabGroups.views'), tabs: [{ value: VIEWS_TAB, label: t('publishedViews.tab') }] },
          ...(canImport ? [{ id: 'data', label: t('tabGroups.data'), tabs: [{ value: IMPORT_TAB, label: t('imports.tab') }] }] : []),
        ]}
        current={current}
        onSelect={(value) => setParams({ list: value }, { replace: true })}
      >
        {list ? (
          <ListPanel list={list} />
        ) : isRuleTab(current) ? (
          <RulePanel tab={current} />
        ) : current === CITIZENS_TAB ? (
          <CitizenMessagesPanel />
        ) : current === VIEWS_TAB ? (
          <PublishedViewsPanel />
        ) : current === IMPORT_TAB ? (
          <Suspense fallback={<LoadingState />}>
            <ImportPanel />
          </Suspense>
        ) : null}
      </AdminTabs>
    </>
  );
}
