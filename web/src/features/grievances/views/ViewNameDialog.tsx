// 'Save view': the list's filters, order and row spacing now on screen under a name, made
// the default view when asked (POST /views); or a saved view given another name (PUT
// /views/{id}, its filters kept). The server's answer is the views as they now stand.
import { useState, type FormEvent } from 'react';
import { Text, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ViewEntry, Views } from '../../../api/types';
import type { Density } from '../../../components/data-table/density';
import { DialogForm } from '../../../components/DialogForm';
import { HintedCheckboxField } from '../../../components/HintedCheckboxField';
import { useFormSubmit } from '../../../components/use-form-submit';
import { viewsApi } from './api/views';
import { VIEW_NAME_MAX, viewDensity, viewNameError } from './saved-views';

type ViewNameDialogProps = {
  onClose: () => void;
  /** The views after the save, and the name saved. */
  onSaved: (views: Views, name: string) => void;
} & (
  | {
      /** Save the list as it is now. */
      list: { query: string; density: Density };
      view?: undefined;
    }
  | {
      /** Rename a view of the user's. */
      view: ViewEntry;
      /** Whether it is the default view (a rename keeps it so). */
      isDefault: boolean;
      list?: undefined;
    }
);

export function ViewNameDialog(props: ViewNameDialogProps) {
  const { onClose, onSaved } = props;
  const { t } = useTranslation('grievances');
  const renaming = props.view !== undefined;
  const [name, setName] = useState(props.view?.name ?? '');
  const [makeDefault, setMakeDefault] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const form = useFormSubmit(t(renaming ? 'views.renameFailed' : 'views.saveFailed'));
  const shownNameError = nameError ?? form.fields.name ?? null;
  // A query the server will not keep is no field of this form: it is said on top.
  const failure = form.failure ?? form.fields.query ?? null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = viewNameError(name);
    setNameError(problem);
    if (problem) return;
    const trimmed = name.trim();
    await form.submit(async () => {
      const views = props.view
        ? await viewsApi.update(props.view.id, {
            name: trimmed,
            query: props.view.query,
            density: viewDensity(props.view),
            make_default: props.isDefault,
          })
        : await viewsApi.create({ name: trimmed, query: props.list.query, density: props.list.density, make_default: makeDefault });
      onSaved(views, trimmed);
    });
  }

  return (
    <DialogForm
      title={t(renaming ? 'views.renameTitle' : 'views.saveTitle')}
      formLabel={t(renaming ? 'views.renameForm' : 'views.saveForm')}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      busy={form.busy}
      failure={failure}
      submitLabel={t(renaming ? 'views.renameSubmit' : 'views.saveSubmit')}
      busyLabel={t('views.saving')}
      size="small"
    >
      {renaming ? null : <Text marginBottom="small">{t('views.saveWhat')}</Text>}
      <TextField
        label={t('views.name')}
        name="name"
        autoComplete="off"
        isRequired
        descriptiveText={t('views.nameHint', { max: VIEW_NAME_MAX })}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(null);
        }}
        hasError={Boolean(shownNameError)}
        errorMessage={shownNameError ?? undefined}
      />
      {renaming ? null : (
        <div className="view-default-choice">
          <HintedCheckboxField
            label={t('views.makeDefault')}
            hint={t('views.makeDefaultHint')}
            name="make_default"
            checked={makeDefault}
            onChange={setMakeDefault}
          />
        </div>
      )}
    </DialogForm>
  );
}
