// A field of an import in the reader's language: the catalogue's name for it, else the
// server's English label (a field the catalogue does not know yet).
import { i18n } from '../../../i18n';
import type { ImportKind } from './api/imports';

export function fieldLabel(kind: ImportKind, field: string, fallback?: string): string {
  const key = `imports:fields.${kind}.${field}`;
  return i18n.exists(key) ? i18n.t(key) : (fallback ?? field);
}
