// Rules of the list item dialog (spec §5 "Dropdown item").
import { i18n } from '../../i18n';

export interface ItemFormValues {
  name: string;
  description: string;
  /** As typed; parsed on save. */
  display_order: string;
  is_active: boolean;
}

export const EMPTY_ITEM: ItemFormValues = { name: '', description: '', display_order: '0', is_active: true };

export function itemNameError(name: string): string | null {
  return name.trim() ? null : i18n.t('admin:item.nameRequired');
}

/** display_order parsed as an integer; anything else is 0. */
export function parseDisplayOrder(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) ? value : 0;
}
