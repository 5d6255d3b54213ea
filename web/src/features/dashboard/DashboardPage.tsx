// Dashboard: case tiles, quick actions, cases by
// status, recent activity and performance metrics.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/LoadFailure';
import { Link } from 'react-router';
import { Alert, Card, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import { readerName, useGrievanceItemNames, useItemName } from '../../api/item-names';
import type { Activity, GrievanceStats, ListKind, PerformanceMetrics, StatusCount } from '../../api/types';
import { useListItems } from '../admin/api/use-list-items';
import { Icon, type IconName } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { StatTile } from '../../components/StatTile';
import { formatDecimal, formatTimeAgo } from '../../i18n/format';
import { formatCount } from '../../lib/format';
import { usePermission } from '../auth/use-permission';
import { useSession } from '../auth/use-session';
import { receivesEscalations } from '../grievances/escalation/escalation';
import { useGrievanceScope } from '../grievances/api/use-grievance-scope';
import { useGrievanceStats } from './api/use-grievance-stats';
import { usePerformanceMetrics } from './api/use-performance-metrics';
import { useRecentActivities } from './api/use-recent-activities';
import {
  activityParams,
  averageDays,
  caseTotals,
  days,
  dotColour,
  DUE_CLOCKS_LIST,
  ESCALATED_LIST,
  escalatedCount,
  knownCount,
  MISSED_CLOCKS_LIST,
  OVERDUE_LIST,
  overdueStations,
  postingWithoutStations,
  recentActivities,
  statusBars,
  statusOfMeaning,
  topStation,
} from './dashboard-figures';
import { activityLineText } from './activity-groups';
import { exportActivityText } from './export-activity';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" variation="outlined" className="panel dashboard-panel" aria-labelledby={id}>
      <Heading level={2} className="panel-title" id={id}>
        {title}
      </Heading>
      {children}
    </Card>
  );
}

function QuickActions() {
  const { t } = useTranslation('dashboard');
  const actions: { label: string; to: string; icon: IconName; allowed: boolean }[] = [
    { label: t('quick.newCase'), to: '/grievances/new', icon: 'add', allowed: usePermission('grievances', 'create') },
    { label: t('quick.viewAll'), to: '/grievances', icon: 'grievances', allowed: usePermission('grievances', 'read') },
    { label: t('quick.users'), to: '/users', icon: 'users', allowed: usePermission('users', 'read') },
    { label: t('quick.roles'), to: '/roles', icon: 'roles', allowed: usePermission('roles', 'read') },
    { label: t('quick.settings'), to: '/admin', icon: 'admin', allowed: usePermission('dropdowns', 'read') },
    { label: t('quick.profile'), to: '/profile', icon: 'profile', allowed: true },
  ];
  return (
    <Panel id="quick-actions" title={t('quickActions')}>
      <ul className="quick-actions">
        {actions
          .filter((action) => action.allowed)
          .map((action) => (
            <li key={action.to}>
              <Link to={action.to} className="quick-action">
                <Icon name={action.icon} size={22} />
                <span>{action.label}</span>
              </Link>
            </li>
          ))}
      </ul>
    </Panel>
  );
}

function CasesByStatus({ stats }: { stats: GrievanceStats }) {
  const bars = statusBars(stats);
  const { t } = useTranslation('dashboard');
  const named = useItemName('statuses');
  return (
    <Panel id="cases-by-status" title={t('casesByStatus')}>
      {bars.length === 0 ? (
        <Text className="muted-text">{t('noStatuses')}</Text>
      ) : (
        <ul className="status-bars">
          {bars.map((bar) => (
            <li key={bar.status}>
              <Flex justifyContent="space-between" alignItems="baseline" gap="xs">
                <Link to={`/grievances?status=${encodeURIComponent(bar.status)}`} className="bar-label">
                  {named(bar.status)}
                </Link>
                <span className="bar-figures">
                  {formatCount(bar.count)} <span className="bar-percent">({bar.percent})</span>
                </span>
              </Flex>
              <span className={`bar-track status-${bar.status.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`} aria-hidden="true">
                <span className="bar-fill" style={{ width: `${bar.width}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function RecentActivity() {
  const { data, error } = useRecentActivities();
  const items = recentActivities(data);
  const { t, i18n } = useTranslation('dashboard');
  const names = useGrievanceItemNames();
  const named = (kind: ListKind, name: string) => names[kind as keyof typeof names]?.(name) ?? name;
  // The server names each sentence by a code with its values; its English is the fallback.
  // An export's values are English notes: its line is rebuilt from them (export-activity.ts).
  const activitySentence = (item: Activity) =>
    exportActivityText(item) ??
    (item.code && i18n.exists(`dashboard:activity.${item.code}`) ? t(`activity.${item.code}`, activityParams(item, named)) : item.description);
  // A run of like events on one case after another is one line with a count (activity-groups.ts).
  const lineText = (line: (typeof items)[number]) => activityLineText(line, activitySentence, (item) => activityParams(item, named));
  return (
    <Panel id="recent-activity" title={t('recentActivity')}>
      {error && !data ? (
        <Text className="muted-text">{errorText(error, t('activityFailed'))}</Text>
      ) : !data ? (
        <Text className="muted-text">{t('loadingActivity')}</Text>
      ) : items.length === 0 ? (
        <Text className="muted-text">{t('noActivity')}</Text>
      ) : (
        <ul className="activity-list">
          {items.map((line, index) => {
            const item = line.activity;
            return (
              <li key={`${item.createdAt}-${index}`} className="activity-item">
                <span className={`activity-dot dot-${dotColour(item.color)}`} aria-hidden="true" />
                <span className="activity-text">
                  {/* A run's cases are named on hover, so that the count can be checked. */}
                  <span className="activity-description" title={line.count > 1 ? line.numbers.join(', ') : undefined}>
                    {lineText(line)}
                  </span>
                  <time className="activity-time" dateTime={item.createdAt}>
                    {formatTimeAgo(item.createdAt, item.timeAgo)}
                  </time>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

/** Overdue grievances per police station; only stations that have any. */
function OverdueByStation({ stations }: { stations: PerformanceMetrics['policeStationPerformance'] }) {
  const overdue = overdueStations(stations);
  const { t } = useTranslation('dashboard');
  if (overdue.length === 0) return <>{t('noOverdue')}</>;
  return (
    <ul className="overdue-stations" aria-label={t('overdueByStationList')}>
      {overdue.map((station) => (
        <li key={station.station_name}>
          <span>{station.station_name}</span> <span className="overdue-count">{formatCount(station.overdue_cases)}</span>
        </li>
      ))}
    </ul>
  );
}

function PerformancePanel({ metrics, error }: { metrics: PerformanceMetrics | undefined; error: unknown }) {
  const top = metrics ? topStation(metrics.policeStationPerformance) : null;
  const { t } = useTranslation('dashboard');
  return (
    <Panel id="performance" title={t('performance')}>
      {error && !metrics ? (
        <Text className="muted-text">{errorText(error, t('metricsFailed'))}</Text>
      ) : !metrics ? (
        <Text className="muted-text">{t('loadingMetrics')}</Text>
      ) : (
        <dl className="metric-list">
          <div className="metric">
            <dt>{t('metric.activeUsers')}</dt>
            {/* Null for one who does not see the whole state: the figure is the state's. */}
            <dd>{metrics.totalLoggedUsers == null ? t('notAvailable') : formatCount(metrics.totalLoggedUsers)}</dd>
          </div>
          <div className="metric">
            <dt>{t('metric.longestActive')}</dt>
            <dd>
              {metrics.longestActiveUser
                ? `${metrics.longestActiveUser.name} (${days(metrics.longestActiveUser.days_active)})`
                : t('notAvailable')}
            </dd>
          </div>
          <div className="metric">
            <dt>{t('metric.resolutionRate')}</dt>
            <dd>
              <span>{metrics.overallResolutionRate}%</span>
              <span className="bar-track metric-bar" aria-hidden="true">
                <span className="bar-fill" style={{ width: `${Math.min(100, Math.max(0, metrics.overallResolutionRate))}%` }} />
              </span>
            </dd>
          </div>
          <div className="metric">
            <dt>{t('metric.averageTime')}</dt>
            <dd>{averageDays(metrics.averageResolutionDays)}</dd>
          </div>
          <div className="metric">
            <dt>{t('metric.topStation')}</dt>
            <dd>
              {top ? (
                <>
                  {top.station_name}
                  <span className="metric-sub">
                    {t('metric.topStationFigures', { rate: top.resolution_rate, cases: formatCount(top.total_cases), count: top.total_cases })}
                  </span>
                </>
              ) : (
                t('notAvailable')
              )}
            </dd>
          </div>
          <div className="metric">
            <dt>{t('metric.overdueByStation')}</dt>
            <dd>
              <OverdueByStation stations={metrics.policeStationPerformance} />
            </dd>
          </div>
        </dl>
      )}
    </Panel>
  );
}

export default function DashboardPage() {
  const { user } = useSession();
  // The case figures need grievances read (the server refuses them otherwise).
  const canReadCases = usePermission('grievances', 'read');
  const stats = useGrievanceStats(canReadCases);
  const metrics = usePerformanceMetrics();
  const scope = useGrievanceScope(canReadCases);
  const { t, i18n } = useTranslation('dashboard');
  const statuses = useListItems(canReadCases ? 'statuses' : null);

  const header = <PageHeader title={t('title')} description={t('welcome', { name: user?.name ?? '' })} />;

  if (!canReadCases) {
    return (
      <>
        {header}
        <Alert variation="info" className="page-notice">
          {t('noCaseStats')}
        </Alert>
        <Grid templateColumns={{ base: '1fr', large: '1fr 1fr' }} gap="medium">
          <QuickActions />
          <RecentActivity />
          <PerformancePanel metrics={metrics.data} error={metrics.error} />
        </Grid>
      </>
    );
  }

  if (stats.isLoading && !stats.data) {
    return (
      <>
        {header}
        <LoadingState label={t('loading')} />
      </>
    );
  }

  if (!stats.data) {
    return (
      <>
        {header}
        <LoadFailure message={t('loadFailed')} onRetry={() => void stats.mutate()} />
      </>
    );
  }

  const totals = caseTotals(stats.data);
  const list = (query = '') => `/grievances${query}`;
  // A status tile carries its status's name (in the reader's language) and opens its list.
  const statusTile = (meaning: StatusCount['meaning'], generic: string) => {
    const status = statusOfMeaning(statuses.data, meaning);
    return status ? { label: readerName(status, i18n.language), to: list(`?${new URLSearchParams({ status: status.name })}`) } : { label: generic };
  };
  const average = metrics.data ? formatDecimal(metrics.data.averageResolutionDays) : '-';
  // From the metrics, which load on their own: '-' until they answer.
  const overdue = typeof metrics.data?.overdueCases === 'number' ? formatCount(metrics.data.overdueCases) : '-';
  // Nothing is escalated to a police station: its staff have no such queue.
  const escalated = receivesEscalations(user?.posting);

  return (
    <>
      {header}
      {postingWithoutStations(scope.data, totals.total) ? (
        <Alert variation="info" className="page-notice">
          {t('postingWithoutStations')}
        </Alert>
      ) : null}
      <section aria-label={t('caseTotals')}>
        <Grid className="tile-grid" templateColumns={{ base: '1fr 1fr', medium: 'repeat(3, 1fr)', large: 'repeat(6, 1fr)' }} gap="small">
          <StatTile label={t('tile.total')} value={formatCount(totals.total)} tone="navy" icon="grievances" to={list()} />
          <StatTile {...statusTile('open', t('tile.pending'))} value={formatCount(totals.pending)} tone="amber" icon="clock" />
          <StatTile {...statusTile('in_progress', t('tile.inProgress'))} value={formatCount(totals.inProgress)} tone="blue" icon="refresh" />
          <StatTile {...statusTile('resolved', t('tile.resolved'))} value={formatCount(totals.resolved)} tone="green" icon="check" />
          <StatTile label={t('tile.high')} value={formatCount(totals.high)} tone="orange" icon="flag" to={list('?priority=High')} />
          <StatTile {...statusTile('closed', t('tile.closed'))} value={formatCount(totals.closed)} tone="grey" icon="lock" />
        </Grid>
        <Grid
          className="tile-grid"
          // Six or seven tiles, four to a row on a desk: a state's seven-digit figures fit at 1366 px.
          templateColumns={{ base: '1fr', medium: 'repeat(3, 1fr)', large: 'repeat(4, 1fr)' }}
          gap="small"
          marginTop="small"
        >
          <StatTile label={t('tile.averageDays')} value={average} tone="purple" icon="timer" hint={t('tile.averageDaysHint')} />
          <StatTile label={t('tile.resolutionRate')} value={`${totals.resolutionRate}%`} tone="green" icon="trend" hint={t('tile.resolutionRateHint')} />
          <StatTile label={t('tile.critical')} value={formatCount(totals.critical)} tone="red" icon="warning" to={list('?priority=Critical')} />
          <StatTile label={t('tile.overdue')} value={overdue} tone="orange" icon="clock" to={OVERDUE_LIST} hint={t('tile.overdueHint')} />
          {(
            [
              ['missedClocks', stats.data.missedClocks, 'red', MISSED_CLOCKS_LIST],
              ['clocksDueThisWeek', stats.data.clocksDueThisWeek, 'amber', DUE_CLOCKS_LIST],
            ] as const
          ).map(([key, count, tone, to]) => (
            <StatTile key={key} label={t(`tile.${key}`)} value={knownCount(count)} tone={tone} icon="timer" to={to} hint={t(`tile.${key}Hint`)} />
          ))}
          {escalated ? (
            <StatTile
              label={t('tile.escalatedToMe')}
              value={escalatedCount(stats.data)}
              tone="red"
              icon="upload"
              to={ESCALATED_LIST}
              hint={t('tile.escalatedToMeHint')}
            />
          ) : null}
        </Grid>
      </section>

      <Grid templateColumns={{ base: '1fr', large: '1fr 1fr' }} gap="medium" marginTop="medium">
        <QuickActions />
        <CasesByStatus stats={stats.data} />
        <RecentActivity />
        <PerformancePanel metrics={metrics.data} error={metrics.error} />
      </Grid>
    </>
  );
}
