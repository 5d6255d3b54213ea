// The Admin Panel's tab strip: labelled groups of tabs ('Lists', 'Rules and limits'), each
// its own tablist, over one panel. One tab of all the groups is open. A group whose tabs are
// all closed keeps its first tab in the Tab order, so that the keyboard reaches every group
// (a tablist of closed tabs that are all out of the Tab order could only be clicked).
// Within a group the arrow keys, Home and End move to a tab and open it.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabGroup {
  id: string;
  label: string;
  tabs: readonly { value: string; label: string }[];
}

interface AdminTabsProps {
  groups: readonly TabGroup[];
  /** The open tab's value. */
  current: string;
  onSelect: (value: string) => void;
  /** The open tab's content. */
  children: ReactNode;
}

const PANEL_ID = 'admin-tab-panel';
const tabId = (value: string) => `admin-tab-${value}`;

export function AdminTabs({ groups, current, onSelect, children }: AdminTabsProps) {
  const strips = useRef<HTMLDivElement>(null);

  // On a phone each group scrolls sideways: keep the open tab in view.
  useEffect(() => {
    const open = strips.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (open && typeof open.scrollIntoView === 'function') open.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  function move(event: KeyboardEvent<HTMLButtonElement>, group: TabGroup, index: number) {
    const last = group.tabs.length - 1;
    const to =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (to === null) return;
    event.preventDefault();
    const value = group.tabs[to].value;
    onSelect(value);
    document.getElementById(tabId(value))?.focus();
  }

  return (
    <>
      <div className="admin-tab-groups" ref={strips}>
        {groups.map((group) => {
          const labelId = `admin-tabs-${group.id}`;
          const holdsOpen = group.tabs.some((tab) => tab.value === current);
          return (
            <div key={group.id} className="admin-tab-group">
              <span id={labelId} className="admin-tab-group-label">
                {group.label}
              </span>
              <div role="tablist" aria-labelledby={labelId} className="list-tabs-list">
                {group.tabs.map((tab, index) => {
                  const open = tab.value === current;
                  return (
                    <button
                      key={tab.value}
                      type="button"
                      role="tab"
                      id={tabId(tab.value)}
                      className="admin-tab"
                      aria-selected={open}
                      aria-controls={open ? PANEL_ID : undefined}
                      tabIndex={open || (!holdsOpen && index === 0) ? 0 : -1}
                      onClick={() => onSelect(tab.value)}
                      onKeyDown={(event) => move(event, group, index)}
                    >
                      {tab.label}
                    </button>
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      {/* Keyed by the tab: another list's panel starts afresh, as a tab's own panel would. */}
      <div key={current} role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(current)} className="panel list-tab-panel">
        {children}
      </div>
    </>
  );
}
