// Admin Panel: the twelve lists offered in forms, one tab each, the
// pendency limits with the transfer limit and the escalation waits in one
// tab, and the statutory clock rules in the last. The open tab is kept in the address (?list=districts,
// ?list=pendency_limits) so it survives a reload.
import { useEffect, useRef } from 'react';
import { Tabs } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { isListKind, LIST_KINDS } from './list-kinds';
import { ListPanel } from './ListPanel';
import { EscalationRulesPanel } from './EscalationRulesPanel';
import { PendencyLimitsPanel } from './PendencyLimitsPanel';
import { TransferLimitPanel } from './TransferLimitPanel';
import { ClockRulesPanel } from './ClockRulesPanel';

/** The tab of the pendency limits; not a list kind, so no list can take its name. */
export const PENDENCY_TAB = 'pendency_limits';
/** The tab of the statutory clock rules. */
export const CLOCKS_TAB = 'statutory_clocks';

export default function AdminPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const requested = params.get('list');
  const current = isListKind(requested) || requested === PENDENCY_TAB || requested === CLOCKS_TAB ? requested : LIST_KINDS[0].kind;
  const tabList = useRef<HTMLDivElement>(null);

  // On a phone the tabs scroll sideways: keep the open one in view.
  useEffect(() => {
    const active = tabList.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (active && typeof active.scrollIntoView === 'function') active.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs.Container
        className="list-tabs"
        value={current}
        onValueChange={(value) => setParams({ list: value }, { replace: true })}
        isLazy
      >
        <Tabs.List ref={tabList} className="list-tabs-list" aria-label={t('tabs')}>
          {LIST_KINDS.map((info) => (
            <Tabs.Item key={info.kind} value={info.kind}>
              {info.label}
            </Tabs.Item>
          ))}
          <Tabs.Item value={PENDENCY_TAB}>{t('limits.title')}</Tabs.Item>
          <Tabs.Item value={CLOCKS_TAB}>{t('clocks.tab')}</Tabs.Item>
        </Tabs.List>
        {LIST_KINDS.map((info) => (
          <Tabs.Panel key={info.kind} value={info.kind} className="panel list-tab-panel">
            <ListPanel list={info} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value={PENDENCY_TAB} className="panel list-tab-panel">
          <PendencyLimitsPanel />
          <TransferLimitPanel />
          <EscalationRulesPanel />
        </Tabs.Panel>
        <Tabs.Panel value={CLOCKS_TAB} className="panel list-tab-panel">
          <ClockRulesPanel />
        </Tabs.Panel>
      </Tabs.Container>
    </>
  );
}
