// Excel, PDF, Officers and Publication (the state's public list of FIRs) exports of the list
// with its filters (not permission-gated): the first three are the list's header buttons; the
// publication, which a state's HQ runs for its website, sits with the filters it is run by, so
// that the header keeps to one line on a desk. The API is asked with the bearer header and answers a
// short-lived signed link, which opens in a new window; the session token never
// goes into a URL (DESIGN.md).
import { useRef, useState } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText, NetworkError } from '../../api/errors';
import { i18n } from '../../i18n';
import { formatCount } from '../../lib/format';
import { grievancesApi, type ExportKind, type ExportProgress } from './api/grievances';
import { closeWindow, downloadInPage, openPendingWindow, showInWindow, showWaiting } from '../../lib/export-window';

interface ExportSpec {
  kind: ExportKind;
  /** The button's label (the same in every language). */
  label: string;
  /**
   * The button says what the file holds (its title and accessible description): for an
   * export whose name alone would not tell which cases it leaves out.
   */
  described?: boolean;
}

export const EXPORTS: readonly ExportSpec[] = [
  { kind: 'excel', label: 'Excel' },
  { kind: 'pdf', label: 'PDF' },
  { kind: 'officers', label: 'Officers' },
  { kind: 'publication', label: 'Publication', described: true },
];

/** 'Excel export ready: 42 grievances'. */
export function readyMessage({ kind }: ExportSpec, rows: unknown): string {
  const label = exportLabel(kind);
  if (typeof rows !== 'number' || !Number.isFinite(rows)) return i18n.t('grievances:export.ready', { label });
  return i18n.t(`grievances:export.readyRows.${kind}`, { label, n: formatCount(rows), count: rows });
}

/** The export's button label: 'Excel', 'PDF', 'Officers', 'Publication' (translated). */
export function exportLabel(kind: ExportKind): string {
  return i18n.t(`grievances:export.label.${kind}`);
}

/** '12,000 of 1,00,000 written', or '12,000 written' for a list the server did not count. */
export function progressText({ rows, expected }: ExportProgress): string {
  return expected === null
    ? i18n.t('grievances:export.progressUncounted', { n: formatCount(rows) })
    : i18n.t('grievances:export.progress', { n: formatCount(rows), total: formatCount(expected) });
}

function failureMessage(error: unknown, kind: ExportKind): string {
  // The answer was not a link (thrown by the API module itself): say so.
  const own = error instanceof Error && !(error instanceof ApiError) && !(error instanceof NetworkError);
  return own ? error.message : errorText(error, i18n.t(`grievances:export.failed.${kind}`));
}

/** The header's exports. */
export const LIST_EXPORTS: readonly ExportKind[] = ['excel', 'pdf', 'officers'];

interface ExportOutcome {
  /** Shown once the link is open. */
  onReady: (message: string) => void;
  /** Shown when the export failed. */
  onFailure: (message: string) => void;
  /** Called when an export starts (clears an earlier message). */
  onStart?: () => void;
}

/**
 * Runs the list's exports: each asks the API for its link with the bearer header and opens
 * it in a window opened at the click; which are running, and how far a background one has
 * got. The header's buttons and the export of a selection share it.
 */
export function useListExports({ onReady, onFailure, onStart }: ExportOutcome) {
  const { t } = useTranslation('grievances');
  const [busy, setBusy] = useState<ReadonlySet<ExportKind>>(() => new Set());
  // How far each background export has got (absent while the server writes it at once).
  const [progress, setProgress] = useState<Partial<Record<ExportKind, ExportProgress>>>({});
  // The state lags a render behind; a second click in the same tick must not start a second export.
  const running = useRef(new Set<ExportKind>());

  const mark = (kind: ExportKind, on: boolean) => {
    if (on) running.current.add(kind);
    else running.current.delete(kind);
    setBusy(new Set(running.current));
  };

  /** Exports the list of `query` (without the '?'); call it from the click itself. */
  async function run(spec: ExportSpec, query: string) {
    if (running.current.has(spec.kind)) return;
    // Opened now, while the click still counts as the user's: after the await it would be blocked.
    const preparing = t('export.preparing', { label: exportLabel(spec.kind) });
    const pending = openPendingWindow(preparing, i18n.language);
    mark(spec.kind, true);
    onStart?.();
    const onProgress = (now: ExportProgress) => {
      setProgress((all) => ({ ...all, [spec.kind]: now }));
      if (pending && !pending.closed) showWaiting(pending, `${preparing} ${progressText(now)}`, i18n.language);
    };
    try {
      const link = await grievancesApi.exportList(spec.kind, query, onProgress);
      if (pending && !pending.closed) showInWindow(pending, link.url);
      else downloadInPage(link.url);
      onReady(readyMessage(spec, link.rows));
    } catch (error) {
      if (pending) closeWindow(pending);
      onFailure(failureMessage(error, spec.kind));
    } finally {
      mark(spec.kind, false);
      setProgress(({ [spec.kind]: _done, ...rest }) => rest);
    }
  }

  /** What a running export's control says: 'Exporting... 12,000 of 1,00,000 written'. */
  const busyText = (kind: ExportKind) => {
    const far = progress[kind];
    return far ? `${t('export.exporting')} ${progressText(far)}` : t('export.exporting');
  };

  return { busy, busyText, run };
}

interface ExportButtonsProps extends ExportOutcome {
  /** The list's applied filters as a query string (without '?'). */
  query: string;
  /** Which exports, in order; the group's name says what they are. */
  kinds?: readonly ExportKind[];
  label?: string;
}

export function ExportButtons({ query, kinds = LIST_EXPORTS, label, ...outcome }: ExportButtonsProps) {
  const { t } = useTranslation('grievances');
  const exports = useListExports(outcome);

  return (
    <Flex role="group" aria-label={label ?? t('export.group')} gap="xs" wrap="wrap" className="export-group">
      {EXPORTS.filter((spec) => kinds.includes(spec.kind)).map((spec) => {
        const exporting = exports.busy.has(spec.kind);
        const busyText = exports.busyText(spec.kind);
        return (
          <Button
            key={spec.kind}
            size="small"
            // isLoading also disables the button; its name keeps saying which export runs.
            isLoading={exporting}
            loadingText={busyText}
            ariaLabel={exporting ? `${exportLabel(spec.kind)}: ${busyText}` : undefined}
            aria-busy={exporting || undefined}
            title={spec.described ? t(`export.description.${spec.kind}`) : undefined}
            onClick={() => void exports.run(spec, query)}
          >
            {exportLabel(spec.kind)}
          </Button>
        );
      })}
    </Flex>
  );
}
