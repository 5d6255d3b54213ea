// The Admin Panel's 'Import' tab: a department's organisation, staff or old registers from a
// CSV or Excel file. The user says what the file holds, picks it, and has it checked: the
// server reads it and answers what an import would do, row by row, writing nothing. The columns
// it matched to each field can be changed and the file checked again. Only a file whose every
// row passes can be imported; the import then says what it wrote, and for staff hands over the
// new users' one-time sign-in links. Loaded with the tab, not with the Admin Panel.
import './texts';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Flex, Heading, Radio, RadioGroupField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/errors';
import { FactList } from '../../../components/FactList';
import { formatCount } from '../../../lib/format';
import { useSession } from '../../auth/use-session';
import { importsApi, type ImportKind, type ImportMapping, type ImportOutcome, type ImportReport, type ImportRequest } from './api/imports';
import { fieldLabel } from './field-label';
import { importKinds } from './import-access';
import { ACCEPT, fileProblem, KIND_FIELDS, readFileBase64 } from './import-file';
import { ImportResult } from './ImportResult';
import { MappingTable } from './MappingTable';
import { ReportRows } from './ReportRows';
import './imports.css';

/** The mapping a report shows: each field and the column it was read from. */
const reportMapping = (report: ImportReport): ImportMapping => Object.fromEntries(report.fields.map((field) => [field.field, field.column ?? null]));

const sameMapping = (a: ImportMapping, b: ImportMapping) =>
  Object.keys({ ...a, ...b }).every((field) => (a[field] ?? null) === (b[field] ?? null));

export default function ImportPanel() {
  const { t } = useTranslation('imports');
  const { user } = useSession();
  const kinds = importKinds(user);
  const headingId = useId();
  const fileId = useId();
  const fileHintId = useId();
  const kindHintId = useId();
  const reportHeadingId = useId();
  const mappingHeadingId = useId();
  const [kind, setKind] = useState<ImportKind>(kinds[0] ?? 'organisation');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  /** The mapping as the selects hold it. */
  const [mapping, setMapping] = useState<ImportMapping>({});
  /** What the report was made from: an import sends these very bytes and mapping. */
  const [checked, setChecked] = useState<{ kind: ImportKind; request: ImportRequest } | null>(null);
  const [mappingErrors, setMappingErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Counts the reports: each new one starts its rows' filter and paging afresh. */
  const [checks, setChecks] = useState(0);

  function startOver() {
    setReport(null);
    setMapping({});
    setChecked(null);
    setMappingErrors({});
    setOutcome(null);
    setFailure(null);
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    startOver();
    setFile(null);
    setFileError(null);
    if (!picked) return;
    const problem = fileProblem(picked);
    if (problem) {
      setFileError(t(problem === 'type' ? 'fileType' : problem === 'size' ? 'fileTooLarge' : 'fileEmpty', { name: picked.name }));
      // Cleared so that the same file, corrected, is noticed when picked again.
      event.target.value = '';
      return;
    }
    setFile(picked);
  }

  /** The server's refusal: its column errors beside the selects, its text above. */
  function refused(error: unknown, fallback: string) {
    const byField = error instanceof ApiError ? error.fields : {};
    setMappingErrors(byField);
    setFailure(errorText(error, fallback));
  }

  async function check(sent: ImportMapping | undefined) {
    if (!file) {
      setFileError(t('fileRequired'));
      return;
    }
    setBusy('checking');
    setFailure(null);
    setFileError(null);
    setMappingErrors({});
    setOutcome(null);
    let content: string;
    try {
      // Read at each check, so that a file corrected since it was picked is checked as it is now.
      content = await readFileBase64(file);
    } catch {
      // A file changed on disk since it was picked cannot be read from the old pick: picking it
      // again (the same name) must then be noticed.
      setFileError(t('fileUnreadable'));
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setBusy(null);
      return;
    }
    const request: ImportRequest = { file_name: file.name, content, ...(sent ? { mapping: sent } : {}) };
    try {
      const answer = await importsApi.check(kind, request);
      setReport(answer);
      setMapping(reportMapping(answer));
      setChecked({ kind, request });
      setChecks((count) => count + 1);
    } catch (error) {
      refused(error, t('checkFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function runImport() {
    if (!checked) return;
    setBusy('importing');
    setFailure(null);
    try {
      setOutcome(await importsApi.run(checked.kind, checked.request));
      // What was checked is now in: the report no longer says what an import would do.
      setReport(null);
    } catch (error) {
      refused(error, t('importFailed'));
    } finally {
      setBusy(null);
    }
  }

  const columnsOf = (of: ImportKind) =>
    report && kind === of
      ? report.fields.map((field) => {
          const label = fieldLabel(of, field.field, field.label);
          return field.required ? t('requiredMark', { field: label }) : label;
        })
      : KIND_FIELDS[of].map((field) => fieldLabel(of, field));
  const changed = report !== null && !sameMapping(mapping, reportMapping(report));
  const canImport = report !== null && checked !== null && report.counts.fail === 0 && !changed && busy === null;

  return (
    <section aria-labelledby={headingId} className="list-panel import-panel">
      <Flex className="table-panel-head" direction="column" gap="0">
        <Heading level={2} className="panel-title" id={headingId}>
          {t('title')}
        </Heading>
        <Text className="count-text">{t('hint')}</Text>
      </Flex>

      <div className="import-body">
        <RadioGroupField
          legend={t('kindLegend')}
          name="kind"
          value={kind}
          isDisabled={busy !== null}
          onChange={(event) => {
            setKind(event.target.value as ImportKind);
            startOver();
          }}
          className="import-kinds"
        >
          {kinds.map((option) => (
            <div key={option} className="import-kind">
              <Radio value={option} aria-describedby={`${kindHintId}-${option}`}>
                {t(`kind.${option}`)}
              </Radio>
              <Text id={`${kindHintId}-${option}`} className="import-kind-columns">
                {t('columnsHint', { columns: columnsOf(option).join(', ') })}
              </Text>
            </div>
          ))}
        </RadioGroupField>

        <div className="import-file">
          <label htmlFor={fileId} className="amplify-label">
            {t('file')}
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={ACCEPT}
            className="import-file-input"
            aria-describedby={fileHintId}
            aria-invalid={fileError ? true : undefined}
            disabled={busy !== null}
            onChange={onPick}
          />
          <Text id={fileHintId} className="muted-text">
            {t('fileHint')}
          </Text>
          {fileError ? (
            <Alert variation="error" className="import-file-error">
              {fileError}
            </Alert>
          ) : null}
        </div>

        <Flex gap="small" wrap="wrap">
          <Button variation="primary" onClick={() => void check(undefined)} isDisabled={!file || busy !== null} isLoading={busy === 'checking' && !report} loadingText={t('checking')}>
            {t('check')}
          </Button>
        </Flex>

        {failure ? <Alert variation="error">{failure}</Alert> : null}

        {report ? (
          <section aria-labelledby={reportHeadingId} className="import-section import-report">
            <Heading level={3} id={reportHeadingId} className="import-subtitle">
              {t('report.title', { name: report.file_name })}
            </Heading>
            <Text className="muted-text">{t('report.dryRun')}</Text>
            <FactList
              className="import-counts"
              facts={[
                { label: t('counts.rows'), value: formatCount(report.counts.rows) },
                { label: t('counts.create'), value: formatCount(report.counts.create) },
                { label: t('counts.update'), value: formatCount(report.counts.update) },
                { label: t('counts.unchanged'), value: formatCount(report.counts.unchanged) },
                { label: t('counts.fail'), value: formatCount(report.counts.fail) },
              ]}
            />

            <section aria-labelledby={mappingHeadingId} className="import-section">
              <Heading level={4} id={mappingHeadingId} className="import-subtitle">
                {t('mapping.title')}
              </Heading>
              <Text className="muted-text">{t('mapping.hint')}</Text>
              <MappingTable
                kind={kind}
                fields={report.fields}
                columns={report.columns}
                mapping={mapping}
                errors={mappingErrors}
                disabled={busy !== null}
                labelledBy={mappingHeadingId}
                onChange={(field, column) => {
                  setMapping((current) => ({ ...current, [field]: column }));
                  setMappingErrors((current) => {
                    const { [field]: _gone, ...rest } = current;
                    return rest;
                  });
                }}
              />
              <Flex gap="small" wrap="wrap" alignItems="center" marginTop="small">
                <Button onClick={() => void check(mapping)} isDisabled={busy !== null} isLoading={busy === 'checking'} loadingText={t('checking')}>
                  {t('checkAgain')}
                </Button>
                {changed ? <Text className="muted-text">{t('mapping.changed')}</Text> : null}
              </Flex>
            </section>

            <ReportRows key={checks} kind={kind} report={report} />

            <Flex gap="small" wrap="wrap" alignItems="center" className="import-actions">
              <Button variation="primary" onClick={() => void runImport()} isDisabled={!canImport} isLoading={busy === 'importing'} loadingText={t('importing')}>
                {t('import')}
              </Button>
              {report.counts.fail > 0 ? <Text className="import-blocked">{t('blocked', { count: report.counts.fail })}</Text> : null}
            </Flex>
          </section>
        ) : null}

        {outcome ? <ImportResult outcome={outcome} /> : null}
      </div>
    </section>
  );
}
