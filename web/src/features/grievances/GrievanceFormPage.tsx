// The new and edit grievance screens.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { ApiError, errorText } from '../../api/errors';
import type { GrievanceView as Grievance } from '../../api/types';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { Icon } from '../../components/icons';
import { grievancesApi } from './api/grievances';
import { useGrievanceCache } from './api/use-grievance-cache';
import { useGrievanceForEdit } from './api/use-grievance-for-edit';
import { listPlacePath, RETURN_STATE } from './list-place';
import { noticeState } from './arrival-notice';
import { GrievanceFormFields } from './GrievanceFormFields';
import {
  emptyForm,
  fixErrorsText,
  formFromGrievance,
  serverErrors,
  toRequest,
  validateGrievance,
  type GrievanceErrors,
  type GrievanceFormValues,
} from './grievance-form';
import { placeOfPosting, useGrievanceLists } from './options';
import { useSession } from '../auth/use-session';
import { CLOSURE_PENDING_CODE, closureRequested } from './closure/closure';
import { useDuplicates } from './duplicates/api/use-duplicates';
import { DUPLICATE_FIR_CODE, firKey, probeOf } from './duplicates/duplicates';
import { CONFIRM_DUPLICATE_ID, DuplicatesPanel } from './duplicates/DuplicatesPanel';

/** Time the success banner shows before the list. */
export const REDIRECT_AFTER_SAVE_MS = 1500;

type Failure = { message: string; conflict?: boolean } | null;

export default function GrievanceFormPage() {
  const { id } = useParams();
  const { t } = useTranslation('grievances');
  const editing = id !== undefined;
  const navigate = useNavigate();
  const cache = useGrievanceCache();
  const loaded = useGrievanceForEdit(id);
  const lists = useGrievanceLists();

  const [values, setValues] = useState<GrievanceFormValues>(emptyForm);
  const [errors, setErrors] = useState<GrievanceErrors>({});
  const [failure, setFailure] = useState<Failure>(null);
  const [busy, setBusy] = useState(false);
  /** The banner after a save: 'Saved successfully!', or that a closure was requested instead. */
  const [saved, setSaved] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);

  // Fill the form once the grievance (or a reloaded copy) arrives, before it is drawn.
  const grievance = loaded.grievance;
  const [filledFrom, setFilledFrom] = useState<Grievance | null>(null);
  if (grievance && grievance !== filledFrom) {
    setFilledFrom(grievance);
    setValues(formFromGrievance(grievance));
    setErrors({});
  }

  // A new case starts at the writer's station or district, once the lists are in; what
  // they have chosen by then is theirs.
  const { user } = useSession();
  const [placed, setPlaced] = useState(false);
  if (!editing && !placed && lists.loaded('police_stations') && lists.loaded('districts')) {
    setPlaced(true);
    const place = placeOfPosting(user?.posting, lists.items('police_stations'), lists.items('districts'));
    if (!values.district && !values.police_station) setValues({ ...values, ...place });
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Likely duplicates of what is typed. A FIR number already recorded at the station that
  // year needs 'This is a different case' to be saved, as does one the server refused
  // (the check had not answered yet, or another was filed meanwhile). An edit needs it only
  // when the FIR number, station or FIR year changes, as the server checks it.
  const duplicates = useDuplicates(probeOf(values, editing ? grievance?.id : undefined));
  const currentFir = firKey(values);
  const firChanged = !editing || !grievance || firKey(grievance) !== currentFir;
  const [refusedFor, setRefusedFor] = useState<string | null>(null);
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  /** The FIR a save was stopped for, for want of the confirmation. */
  const [missingFor, setMissingFor] = useState<string | null>(null);
  const needsConfirmation = firChanged && (duplicates.sameFir.length > 0 || refusedFor === currentFir);
  const confirmed = confirmedFor === currentFir;
  // Focus the checkbox once it is drawn and enabled, after a save stopped for it.
  const focusConfirm = useRef(false);
  useEffect(() => {
    const box = document.getElementById(CONFIRM_DUPLICATE_ID);
    if (focusConfirm.current && box && !box.hasAttribute('disabled')) {
      focusConfirm.current = false;
      box.focus();
    }
  });

  const title = editing ? t('form.editTitle') : t('form.newTitle');

  function focusFirstInvalid() {
    window.setTimeout(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid) invalid.focus();
      else bannerRef.current?.focus();
    }, 0);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || saved !== null) return;
    const problems = validateGrievance(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFailure({ message: fixErrorsText() });
      focusFirstInvalid();
      return;
    }
    if (needsConfirmation && !confirmed) {
      setMissingFor(currentFir);
      setFailure({ message: t('casework:duplicates.confirmRequired') });
      focusConfirm.current = true;
      return;
    }
    const { body, ...sentRows } = toRequest(values);
    const duplicate = needsConfirmation && confirmed ? { confirm_duplicate: true } : {};
    const fir = currentFir;
    setBusy(true);
    setFailure(null);
    try {
      const result =
        editing && grievance
          ? await grievancesApi.update(grievance.id, { ...body, ...duplicate, version: grievance.version })
          : await grievancesApi.create({ ...body, ...duplicate });
      void cache.put(result.id, result);
      void cache.reloadHistory(result.id);
      // A role whose closures need approval gets a closure request, not the status it chose:
      // say so here and again on the list.
      const requested = editing && grievance && closureRequested(grievance, result) ? t('casework:closure.requested') : null;
      setSaved(requested ?? t('form.saved'));
      window.setTimeout(() => bannerRef.current?.focus(), 0);
      // A saved edit returns to the list where the user left it; a new grievance opens,
      // its number said on arrival.
      const back = editing
        ? () => navigate(listPlacePath(), { state: requested ? { ...RETURN_STATE, ...noticeState(requested) } : RETURN_STATE })
        : () => navigate(`/grievances/${result.id}`, { state: noticeState(t('form.created', { number: result.grievance_number })) });
      timer.current = window.setTimeout(back, REDIRECT_AFTER_SAVE_MS);
    } catch (error) {
      const fallback = editing ? t('form.updateFailed') : t('form.createFailed');
      if (error instanceof ApiError && error.code === DUPLICATE_FIR_CODE) {
        // The server names the grievance with this FIR number: list it, and ask.
        setRefusedFor(fir);
        setFailure({ message: errorText(error, fallback) });
        setErrors({});
        duplicates.refresh();
        focusConfirm.current = true;
        return;
      }
      // A stale copy can be read again; a pending closure request waits for its decision instead.
      if (error instanceof ApiError && error.status === 409 && error.code !== CLOSURE_PENDING_CODE) {
        setFailure({ message: errorText(error, fallback), conflict: true });
      } else {
        setFailure({ message: errorText(error, fallback) });
      }
      setErrors(error instanceof ApiError ? serverErrors(error.fields, sentRows) : {});
      focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  }

  async function reload() {
    setFailure(null);
    await loaded.reload();
  }

  if (editing && loaded.loading && !grievance) return <LoadingState label={t('form.loading')} />;

  if (editing && !grievance) {
    return (
      <>
        <PageHeader title={title} />
        <Alert variation="error" className="page-notice">
          {errorText(loaded.error, t('form.loadFailed'))}
        </Alert>
        <Flex gap="small" wrap="wrap">
          <Button onClick={() => void reload()} gap="xs">
            <Icon name="refresh" size={18} />
            {t('common:tryAgain')}
          </Button>
          <Button as={Link} to={listPlacePath()} state={RETURN_STATE}>
            {t('detail.backToList')}
          </Button>
        </Flex>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        description={
          editing && grievance
            ? t('form.editDescription', { number: grievance.grievance_number, fir: grievance.fir_no })
            : t('form.newDescription')
        }
      />

      <div ref={bannerRef} tabIndex={-1} className="form-banner">
        {saved ? (
          <Alert variation="success" role="status" className="page-notice">
            {saved}
          </Alert>
        ) : null}
        {failure ? (
          <Alert variation="error" className="page-notice" heading={failure.conflict ? t('form.conflictHeading') : undefined}>
            <Flex direction="column" gap="xs" alignItems="flex-start">
              <span>{failure.message}</span>
              {failure.conflict ? (
                <Button size="small" onClick={() => void reload()} gap="xs" isLoading={loaded.loading} loadingText={t('form.reloading')}>
                  <Icon name="refresh" size={18} />
                  {t('form.reloadDiscard')}
                </Button>
              ) : null}
            </Flex>
          </Alert>
        ) : null}
        {lists.failed ? (
          <Alert variation="warning" className="page-notice">
            {t('form.listsFailed')}
          </Alert>
        ) : null}
      </div>

      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={title} className="grievance-form">
        <GrievanceFormFields
          values={values}
          errors={errors}
          lists={lists}
          disabled={busy || saved !== null}
          stationLocked={editing}
          afterLocation={
            <DuplicatesPanel
              sameFir={duplicates.sameFir}
              similar={duplicates.similar}
              needsConfirmation={needsConfirmation}
              confirmed={confirmed}
              confirmMissing={missingFor === currentFir}
              disabled={busy || saved !== null}
              onConfirm={(checked) => {
                setConfirmedFor(checked ? currentFir : null);
              }}
            />
          }
          onChange={(next, clear) => {
            setValues(next);
            if (clear.some((field) => field in errors)) {
              setErrors((current) => {
                const rest = { ...current };
                for (const field of clear) delete rest[field];
                return rest;
              });
            }
          }}
        />
        <div className="form-actions">
          <Button as={Link} to={listPlacePath()} state={RETURN_STATE}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variation="primary" isLoading={busy} loadingText={t('form.saving')} isDisabled={saved !== null}>
            {editing ? t('form.update') : t('form.create')}
          </Button>
        </div>
      </form>
    </>
  );
}
