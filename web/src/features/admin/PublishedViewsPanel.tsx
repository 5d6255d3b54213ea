// The Admin Panel's 'Published views' tab: views of the grievance list given to every holder
// of a role, who find them under the list's Views, may open them and make one their default,
// and cannot change them. A view is the list's query (pasted as the list's address, or
// typed) with its row spacing; a published one can be withdrawn. Users with dropdowns update
// publish and withdraw; others see the list only.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, Grid, Heading, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { ApiError, errorText } from '../../api/errors';
import type { PublishedView } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { DENSITIES, type Density } from '../../components/data-table/density';
import { actionsColumn } from '../../components/data-table/RowActions';
import { ListFrame } from '../../components/ListFrame';
import { useRecordList } from '../../components/use-record-list';
import { usePermission } from '../auth/use-permission';
import { VIEWS_KEY } from '../grievances/views/api/views';
import { queryFromAddress, VIEW_NAME_MAX, viewNameError } from '../grievances/views/saved-views';
import { useRoles } from '../roles/api/use-roles';
import { publishedViewsApi } from './api/published-views';
import { usePublishedViews } from './api/use-published-views';

const FORM_HEADING_ID = 'publish-view-heading';

/** The tab's address can bring the query to publish (the list's Views menu sends it). */
export const QUERY_PARAM = 'query';

interface Draft {
  name: string;
  address: string;
  density: Density;
  roleId: string;
}

type Field = 'name' | 'query' | 'role_id';

export function PublishedViewsPanel() {
  const { t } = useTranslation('admin');
  const canUpdate = usePermission('dropdowns', 'update');
  const records = usePublishedViews();
  const roles = useRoles();
  const roleName = (id: number) => roles.data?.data.find((role) => role.id === id)?.name ?? t('publishedViews.roleNumber', { id });
  const panel = useRecordList<PublishedView>({
    records,
    loadingLabel: t('publishedViews.loading'),
    loadFailed: t('publishedViews.loadFailed'),
    remove: (view) => publishedViewsApi.withdraw(view.id),
    deleted: (view) => t('publishedViews.withdrawn', { name: view.name, role: roleName(view.role_id) }),
    deleteFailed: t('publishedViews.withdrawFailed'),
  });
  const views = records.data ?? [];

  const columns: (Column<PublishedView> | false)[] = [
    { id: 'name', header: t('publishedViews.name'), className: 'cell-strong', cell: (view) => view.name },
    { id: 'role', header: t('publishedViews.role'), cell: (view) => roleName(view.role_id) },
    {
      id: 'query',
      header: t('publishedViews.filters'),
      className: 'cell-wrap',
      cell: (view) => (view.query ? <code className="view-query">{view.query}</code> : t('publishedViews.noFilters')),
    },
    { id: 'density', header: t('common:table.density'), cell: (view) => t(`common:table.densityChoice.${view.density ?? 'compact'}`) },
    canUpdate &&
      actionsColumn(t('users:col.actions'), (view) => (
        <Button size="small" className="danger-button" ariaLabel={t('publishedViews.withdrawNamed', { name: view.name })} onClick={() => panel.deletion.ask(view)}>
          {t('publishedViews.withdraw')}
        </Button>
      )),
  ];

  return (
    <>
      {canUpdate ? (
        <PublishForm
          roles={roles}
          onPublished={(view) => {
            panel.notice.show(t('publishedViews.published', { name: view.name, role: roleName(view.role_id) }));
            panel.reload();
          }}
        />
      ) : null}
      <ListFrame
        heading={t('publishedViews.title')}
        headingId="published-views-heading"
        count={records.data ? t('publishedViews.count', { count: views.length }) : null}
        {...panel.frame}
      >
        {(headingId) => (
          <DataTable columns={columns} rows={views} rowKey={(view) => view.id} labelledBy={headingId} highlightOnHover cards empty={t('publishedViews.empty')} />
        )}
      </ListFrame>
      {panel.deletion.target ? (
        <ConfirmDialog
          title={t('publishedViews.withdrawTitle')}
          confirmLabel={t('publishedViews.withdraw')}
          busyLabel={t('publishedViews.withdrawing')}
          busy={panel.deletion.busy}
          onCancel={panel.deletion.cancel}
          onConfirm={() => void panel.deletion.confirm()}
        >
          {t('publishedViews.withdrawQuestion', { name: panel.deletion.target.name, role: roleName(panel.deletion.target.role_id) })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

interface PublishFormProps {
  roles: ReturnType<typeof useRoles>;
  onPublished: (view: PublishedView) => void;
}

function PublishForm({ roles, onPublished }: PublishFormProps) {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const { mutate } = useSWRConfig();
  const [draft, setDraft] = useState<Draft>(() => ({ name: '', address: params.get(QUERY_PARAM) ?? '', density: 'compact', roleId: '' }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const query = queryFromAddress(draft.address);

  const set = (field: keyof Draft, value: string, clears: Field | null) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (clears) setErrors((current) => ({ ...current, [clears]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const problems: Partial<Record<Field, string>> = {};
    const nameProblem = viewNameError(draft.name);
    if (nameProblem) problems.name = nameProblem;
    if (!draft.roleId) problems.role_id = t('publishedViews.chooseRole');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const view = await publishedViewsApi.publish({ name: draft.name.trim(), query, density: draft.density, role_id: Number(draft.roleId) });
      // The Admin's own Views menu lists it too when it went to their role.
      void mutate(VIEWS_KEY);
      setDraft({ name: '', address: '', density: 'compact', roleId: '' });
      onPublished(view);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const byField = { name: fields.name, query: fields.query, role_id: fields.role_id };
      setErrors(byField);
      if (!byField.name && !byField.query && !byField.role_id) setFailure(errorText(error, t('publishedViews.publishFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={FORM_HEADING_ID} className="list-panel publish-view">
      <Flex className="table-panel-head" direction="column" gap="0">
        <Heading level={2} className="panel-title" id={FORM_HEADING_ID}>
          {t('publishedViews.formTitle')}
        </Heading>
        <Text className="count-text">{t('publishedViews.hint')}</Text>
      </Flex>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={FORM_HEADING_ID} className="publish-view-form">
        {failure ? (
          <Alert variation="error" marginBottom="small">
            {failure}
          </Alert>
        ) : null}
        <Grid templateColumns={{ base: '1fr', large: 'minmax(0, 1fr) minmax(0, 2fr)' }} gap="small">
          <TextField
            label={t('publishedViews.name')}
            name="name"
            autoComplete="off"
            isRequired
            descriptiveText={t('publishedViews.nameHint', { max: VIEW_NAME_MAX })}
            value={draft.name}
            onChange={(event) => set('name', event.target.value, 'name')}
            hasError={Boolean(errors.name)}
            errorMessage={errors.name}
          />
          <TextField
            label={t('publishedViews.address')}
            name="query"
            autoComplete="off"
            descriptiveText={query ? t('publishedViews.keeps', { query }) : t('publishedViews.addressHint')}
            value={draft.address}
            onChange={(event) => set('address', event.target.value, 'query')}
            hasError={Boolean(errors.query)}
            errorMessage={errors.query}
          />
          <SelectField
            label={t('common:table.density')}
            name="density"
            value={draft.density}
            onChange={(event) => set('density', event.target.value, null)}
          >
            {DENSITIES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`common:table.densityChoice.${choice}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('publishedViews.role')}
            name="role_id"
            isRequired
            value={draft.roleId}
            onChange={(event) => set('roleId', event.target.value, 'role_id')}
            hasError={Boolean(errors.role_id)}
            errorMessage={errors.role_id}
            descriptiveText={roles.error ? errorText(roles.error, t('publishedViews.rolesFailed')) : undefined}
          >
            <option value="">{roles.isLoading ? t('common:loading') : t('publishedViews.selectRole')}</option>
            {(roles.data?.data ?? []).map((role) => (
              <option key={role.id} value={String(role.id)}>
                {role.name}
              </option>
            ))}
          </SelectField>
        </Grid>
        <Flex justifyContent="flex-end" marginTop="small">
          <Button type="submit" variation="primary" isLoading={busy} loadingText={t('publishedViews.publishing')}>
            {t('publishedViews.publish')}
          </Button>
        </Flex>
      </form>
    </section>
  );
}
