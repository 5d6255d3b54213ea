// What may be attached: PDF, JPEG and PNG files of at most 20 MB.
// Checked here before anything is sent, with the server's own messages; the
// server checks again (and checks the type from the content).

import { i18n } from '../../../i18n';

export const MAX_BYTES = 20 * 1024 * 1024;

/** The file picker's filter. */
export const ACCEPT = '.pdf,.jpg,.jpeg,.png';


const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const ALLOWED = new Set(Object.values(TYPES));

/** The file's content type: the browser's, else the one its extension names; null when not allowed. */
export function contentTypeOf(file: { name: string; type: string }): string | null {
  const declared = file.type.trim().toLowerCase();
  if (ALLOWED.has(declared)) return declared;
  // Some systems send no type (or a generic one) for a perfectly good file.
  if (declared && declared !== 'application/octet-stream') return null;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return extension ? (TYPES[extension] ?? null) : null;
}

/** Why the file cannot be attached, or null when it may be sent. */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  if (file.size > MAX_BYTES) return i18n.t('casework:attachments.tooLarge');
  if (!contentTypeOf(file)) return i18n.t('casework:attachments.wrongType');
  if (file.size === 0) return i18n.t('casework:attachments.emptyFile');
  return null;
}

/** '512.0 KB', '3.4 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0.1, bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 'PDF', 'JPEG', 'PNG', else the content type as sent. */
export function typeLabel(contentType: string): string {
  switch (contentType.toLowerCase()) {
    case 'application/pdf':
      return 'PDF';
    case 'image/jpeg':
      return 'JPEG';
    case 'image/png':
      return 'PNG';
    default:
      return contentType || '-';
  }
}
