// Add or edit an item of an Admin Panel list.
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Grid, SelectField, SwitchField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../api/errors';
import type { ListItem, StatusMeaning } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { useTransientMessage } from '../../components/use-transient-message';
import { listsApi, sortItems } from './api/lists';
import { useListItems } from './api/use-list-items';
import {
  DEFAULT_MEANING,
  EMPTY_ITEM,
  hasDistrict,
  hasCode,
  hasMeaning,
  hasRange,
  MAX_CODE_LENGTH,
  itemNameError,
  parseDisplayOrder,
  rangesOf,
  STATUS_MEANINGS,
  type ItemFormValues,
} from './item-rules';
import type { ListKindInfo } from './list-kinds';

interface ItemFormDialogProps {
  list: ListKindInfo;
  /** The item being edited; none to add one. */
  item?: ListItem;
  onClose: () => void;
  onSaved: (item: ListItem) => void;
}

export function ItemFormDialog({ list, item, onClose, onSaved }: ItemFormDialogProps) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState<ItemFormValues>(() =>
    item
      ? {
          name: item.name,
          name_hi: item.name_hi ?? '',
          description: item.description,
          display_order: String(item.display_order),
          is_active: item.is_active,
          meaning: item.meaning ?? DEFAULT_MEANING,
          district_id: item.district_id ? String(item.district_id) : '',
          range: item.range ?? '',
          code: item.code ?? '',
        }
      : EMPTY_ITEM,
  );
  const [nameError, setNameError] = useState<string | null>(null);
  const [nameHiError, setNameHiError] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [meaningError, setMeaningError] = useState<string | null>(null);
  const withMeaning = hasMeaning(list.kind);
  const withDistrict = hasDistrict(list.kind);
  const withRange = hasRange(list.kind);
  const withCode = hasCode(list.kind);
  const [codeError, setCodeError] = useState<string | null>(null);
  // The districts, for a station's district select and a district's range suggestions.
  const { data: districts } = useListItems(withDistrict || withRange ? 'districts' : null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const rangesId = useId();
  const failure = useTransientMessage(3000);
  const [busy, setBusy] = useState(false);

  function set<K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const problem = itemNameError(values.name);
    setNameError(problem);
    setNameHiError(null);
    setOrderError(null);
    setMeaningError(null);
    setPlaceError(null);
    setCodeError(null);
    failure.clear();
    if (problem) {
      form.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
      return;
    }
    const body = {
      name: values.name.trim(),
      name_hi: values.name_hi.trim(),
      description: values.description.trim(),
      display_order: parseDisplayOrder(values.display_order),
      is_active: values.is_active,
      ...(withMeaning ? { meaning: values.meaning } : {}),
      ...(withDistrict ? { district_id: values.district_id ? Number(values.district_id) : null } : {}),
      ...(withRange ? { range: values.range.trim() } : {}),
      ...(withCode ? { code: values.code.trim() } : {}),
    };
    setBusy(true);
    try {
      onSaved(item ? await listsApi.update(list.kind, item.id, body) : await listsApi.create(list.kind, body));
    } catch (error) {
      failure.show(errorText(error, t('items.saveFailed')));
      if (error instanceof ApiError) {
        if (error.fields.name) setNameError(error.fields.name);
        if (error.fields.name_hi) setNameHiError(error.fields.name_hi);
        if (error.fields.display_order) setOrderError(error.fields.display_order);
        if (error.fields.meaning) setMeaningError(error.fields.meaning);
        const place = error.fields.district_id ?? error.fields.range;
        if (place) setPlaceError(place);
        if (error.fields.code) setCodeError(error.fields.code);
      }
      setBusy(false);
    }
  }

  return (
    <Dialog title={item ? t('items.editTitle', { what: list.singular }) : t('items.addNewNamed', { what: list.singular })} onClose={onClose} busy={busy}>
      <form onSubmit={onSubmit} noValidate aria-label={item ? t('items.editTitle', { what: list.singular }) : t('items.addForm', { what: list.singular })} className="modal-form">
        <div className="modal-body">
          {failure.message ? (
            <Alert variation="error" marginBottom="medium">
              {failure.message}
            </Alert>
          ) : null}
          <Grid templateColumns="1fr" gap="medium">
            <TextField
              label={t('items.name')}
              name="name"
              autoComplete="off"
              isRequired
              value={values.name}
              onChange={(event) => {
                set('name', event.target.value);
                setNameError(null);
              }}
              hasError={Boolean(nameError)}
              errorMessage={nameError}
            />
            <TextField
              label={t('items.nameHi')}
              name="name_hi"
              lang="hi"
              autoComplete="off"
              descriptiveText={t('items.nameHiHint')}
              value={values.name_hi}
              onChange={(event) => {
                set('name_hi', event.target.value);
                setNameHiError(null);
              }}
              hasError={Boolean(nameHiError)}
              errorMessage={nameHiError}
            />
            <TextAreaField
              label={t('items.description')}
              name="description"
              rows={3}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
            />
            {withMeaning ? (
              <SelectField
                label={t('items.meaning')}
                name="meaning"
                isRequired
                descriptiveText={t('items.meaningHint')}
                value={values.meaning}
                onChange={(event) => {
                  set('meaning', event.target.value as StatusMeaning);
                  setMeaningError(null);
                }}
                hasError={Boolean(meaningError)}
                errorMessage={meaningError}
              >
                {STATUS_MEANINGS.map((meaning) => (
                  <option key={meaning} value={meaning}>
                    {t(`meaning.${meaning}`)}
                  </option>
                ))}
              </SelectField>
            ) : null}
            {withDistrict ? (
              <SelectField
                label={t('items.district')}
                name="district_id"
                descriptiveText={t('items.districtHint')}
                value={values.district_id}
                onChange={(event) => {
                  set('district_id', event.target.value);
                  setPlaceError(null);
                }}
                hasError={Boolean(placeError)}
                errorMessage={placeError}
              >
                <option value="">{t('items.noDistrict')}</option>
                {sortItems(districts ?? [])
                  .filter((d) => d.is_active || String(d.id) === values.district_id)
                  .map((d) => (
                    <option key={d.id} value={String(d.id)}>
                      {d.name}
                    </option>
                  ))}
              </SelectField>
            ) : null}
            {withRange ? (
              <>
                <TextField
                  label={t('items.range')}
                  name="range"
                  autoComplete="off"
                  list={rangesId}
                  descriptiveText={t('items.rangeHint')}
                  value={values.range}
                  onChange={(event) => {
                    set('range', event.target.value);
                    setPlaceError(null);
                  }}
                  hasError={Boolean(placeError)}
                  errorMessage={placeError}
                />
                <datalist id={rangesId}>
                  {rangesOf(districts ?? []).map((range) => (
                    <option key={range} value={range} />
                  ))}
                </datalist>
              </>
            ) : null}
            {withCode ? (
              <TextField
                label={t('items.code')}
                name="code"
                autoComplete="off"
                maxLength={MAX_CODE_LENGTH}
                descriptiveText={t('items.codeHint')}
                value={values.code}
                onChange={(event) => {
                  set('code', event.target.value);
                  setCodeError(null);
                }}
                hasError={Boolean(codeError)}
                errorMessage={codeError}
              />
            ) : null}
            <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" alignItems="end">
              <TextField
                label={t('items.displayOrder')}
                name="display_order"
                type="number"
                inputMode="numeric"
                step={1}
                descriptiveText={t(list.kind === 'priorities' ? 'items.priorityOrderHint' : 'items.displayOrderHint')}
                value={values.display_order}
                onChange={(event) => {
                  set('display_order', event.target.value);
                  setOrderError(null);
                }}
                hasError={Boolean(orderError)}
                errorMessage={orderError}
              />
              <SwitchField
                label={t('common:active')}
                name="is_active"
                labelPosition="end"
                isChecked={values.is_active}
                onChange={(event) => set('is_active', event.target.checked)}
                marginBottom="xs"
              />
            </Grid>
          </Grid>
        </div>
        <div className="modal-foot">
          <Button onClick={onClose} isDisabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variation="primary" isLoading={busy} loadingText={t('users:saving')}>
            {item ? t('users:saveChanges') : t('items.add')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
