// The grievance list's saved views: the Views menu and the dialogs it opens (save the list
// as a view; manage the views, from which a rename or a deletion opens and then returns).
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ViewEntry, Views } from '../../../api/types';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { Density } from '../../../components/data-table/density';
import { errorText } from '../../../api/errors';
import { usePermission } from '../../auth/use-permission';
import { viewsApi } from './api/views';
import { useViews } from './api/use-views';
import { ViewsMenu } from './ViewsMenu';

// The dialogs are fetched when opened, not with the list.
const ManageViewsDialog = lazy(() => import('./ManageViewsDialog').then((module) => ({ default: module.ManageViewsDialog })));
const ViewNameDialog = lazy(() => import('./ViewNameDialog').then((module) => ({ default: module.ViewNameDialog })));

type Step =
  | { kind: 'save' }
  | { kind: 'manage'; notice: string | null }
  | { kind: 'rename'; view: ViewEntry }
  | { kind: 'delete'; view: ViewEntry; busy: boolean; failure: string | null };

interface ViewsControlProps {
  /** The list as it is now: what 'Save view' keeps. */
  query: string;
  density: Density;
  onOpen: (view: ViewEntry) => void;
  /** Says what was saved, on the list. */
  onNotice: (text: string) => void;
}

export function ViewsControl({ query, density, onOpen, onNotice }: ViewsControlProps) {
  const { t } = useTranslation('grievances');
  const { data, error, mutate } = useViews();
  const [step, setStep] = useState<Step | null>(null);
  const navigate = useNavigate();
  // The Admin Panel's keepers publish the list as it is to a role, from its tab.
  const canPublish = usePermission('dropdowns', 'update');
  const keep = (views: Views) => void mutate(views, { revalidate: false });
  const backToManage = (notice: string | null = null) => setStep({ kind: 'manage', notice });

  async function remove(view: ViewEntry) {
    setStep({ kind: 'delete', view, busy: true, failure: null });
    try {
      await viewsApi.remove(view.id);
      await mutate();
      backToManage(t('views.deleted', { name: view.name }));
    } catch (problem) {
      setStep({ kind: 'delete', view, busy: false, failure: errorText(problem, t('views.deleteFailed')) });
    }
  }

  return (
    <>
      <ViewsMenu
        views={data}
        failed={Boolean(error) && !data}
        query={query}
        onOpen={onOpen}
        onSave={() => setStep({ kind: 'save' })}
        onManage={() => backToManage()}
        onPublish={canPublish ? () => navigate(`/admin?${new URLSearchParams({ list: 'published_views', query })}`) : undefined}
      />
      {step?.kind === 'save' ? (
        <Suspense fallback={null}>
        <ViewNameDialog
          list={{ query, density }}
          onClose={() => setStep(null)}
          onSaved={(views, name) => {
            keep(views);
            setStep(null);
            onNotice(t('views.saved', { name }));
          }}
        />
        </Suspense>
      ) : null}
      {step?.kind === 'manage' && data ? (
        <Suspense fallback={null}>
        <ManageViewsDialog
          views={data}
          notice={step.notice}
          onClose={() => setStep(null)}
          onRename={(view) => setStep({ kind: 'rename', view })}
          onDelete={(view) => setStep({ kind: 'delete', view, busy: false, failure: null })}
          onChanged={keep}
        />
        </Suspense>
      ) : null}
      {step?.kind === 'rename' ? (
        <Suspense fallback={null}>
        <ViewNameDialog
          view={step.view}
          isDefault={data?.default_view === step.view.id}
          onClose={() => backToManage()}
          onSaved={(views, name) => {
            keep(views);
            backToManage(t('views.renamed', { name }));
          }}
        />
        </Suspense>
      ) : null}
      {step?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('views.deleteTitle')}
          busy={step.busy}
          onCancel={() => backToManage()}
          onConfirm={() => void remove(step.view)}
        >
          {step.failure ? `${step.failure} ` : ''}
          {t('views.deleteQuestion', { name: step.view.name })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
