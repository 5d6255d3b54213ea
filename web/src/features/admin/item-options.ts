// An admin list's items as a form's dropdown offers them.
import { readerName } from '../../api/item-names';
import type { ListItem } from '../../api/types';
import { i18n } from '../../i18n';

export interface Option {
  value: string;
  label: string;
}

/**
 * Options of a list dropdown: the active items by the reader's names (the value sent is the
 * English name the server keeps), plus the current value if it is no longer active (marked
 * so once the list has loaded).
 */
export function optionsWithCurrent(items: readonly ListItem[], current: string, loaded = true): Option[] {
  const options = items.map((item) => ({ value: item.name, label: readerName(item, i18n.language) }));
  if (current && !items.some((item) => item.name === current)) {
    options.unshift({ value: current, label: loaded ? i18n.t('grievances:inactiveOption', { name: current }) : current });
  }
  return options;
}
