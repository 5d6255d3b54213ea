// The frame of a list of records one may add to, edit and delete (users, roles, an
// Admin Panel list): its title and description, 'Add ...', its notices, a heading with
// the count (and a search where there is one), then the table, or its loading or failed
// state in its place. A page is a screen of its own (its title the h1, the list in a
// panel under it); a panel is one list of a screen (its heading the title).
import type { ReactNode } from 'react';
import { Alert, Button, Card, Flex, Heading, SearchField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { searchFieldLabels } from '../i18n/amplify-labels';
import { Icon } from './icons';
import { LoadFailure } from './LoadFailure';
import { LoadingState } from './LoadingState';
import { Notices } from './Notices';
import { PageHeader } from './PageHeader';

type ListFrameProps = (
  | {
      /**
       * A screen of its own, whose catalogue ('users') holds its 'title', the 'description'
       * under it and its list's 'heading' (its id is '<catalogue>-heading').
       */
      catalogue: string;
    }
  | {
      /** One list of a screen, its heading the title. */
      heading: string;
      headingId: string;
    }
) & {
  /** '5 users', '2 of 5 users'. */
  count?: string | null;
  /** A search the list is narrowed by as the user types; the count then says what it finds. */
  search?: { label: string; placeholder: string; value: string; onChange: (text: string) => void };
  /** 'Add User', 'Add New Role', 'Add New' (`ariaLabel`: 'Add New District'); absent without the right to add. */
  add?: { label: string; ariaLabel?: string; onClick: () => void } | null;
  notice: { message: string | null; clear: () => void };
  failure?: string | null;
  onDismissFailure?: () => void;
  /** A refusal the user is told of before anything is sent ('The Admin role cannot be deleted'). */
  warning?: string | null;
  /** The list as its data hook reads it; `failedText` says why it is missing. */
  load: { isLoading: boolean; failed: boolean; loadingLabel: string; failedText: string; onRetry: () => void };
  /** The table, named by the heading whose id it is given. */
  children: (headingId: string) => ReactNode;
};

const SEARCH_MAX = 100;

export function ListFrame(props: ListFrameProps) {
  const { count, search, add, load } = props;
  const { t } = useTranslation();
  const page = 'catalogue' in props;
  const heading = page ? t(`${props.catalogue}:heading`) : props.heading;
  const headingId = page ? `${props.catalogue}-heading` : props.headingId;
  const addButton = add ? (
    <Button variation="primary" size={page ? undefined : 'small'} gap="xs" ariaLabel={add.ariaLabel} onClick={add.onClick}>
      <Icon name="add" size={18} />
      {add.label}
    </Button>
  ) : null;

  const body = (
    <>
      <Flex className="table-panel-head" justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Flex direction="column" gap="0">
          <Heading level={2} className="panel-title" id={headingId}>
            {heading}
          </Heading>
          {count ? (
            <Text className="count-text" role={search ? 'status' : undefined}>
              {count}
            </Text>
          ) : null}
        </Flex>
        {search ? (
          <SearchField
            {...searchFieldLabels()}
            label={search.label}
            size="small"
            placeholder={search.placeholder}
            hasSearchButton={false}
            maxLength={SEARCH_MAX}
            value={search.value}
            onChange={(event) => search.onChange(event.target.value)}
            onClear={() => search.onChange('')}
          />
        ) : null}
        {page ? null : addButton}
      </Flex>
      {page ? null : <FrameNotices {...props} page={false} />}
      {load.isLoading ? (
        <LoadingState label={load.loadingLabel} />
      ) : load.failed ? (
        <LoadFailure message={load.failedText} onRetry={load.onRetry} padded />
      ) : (
        props.children(headingId)
      )}
    </>
  );

  if (!page) {
    return (
      <section aria-labelledby={headingId} className="list-panel">
        {body}
      </section>
    );
  }
  return (
    <>
      <PageHeader title={t(`${props.catalogue}:title`)} description={t(`${props.catalogue}:description`)} actions={addButton} />
      <FrameNotices {...props} page />
      <Card variation="outlined" className="panel table-panel">
        {body}
      </Card>
    </>
  );
}

/** A page's success floats over the foot of the screen; a panel's notices stand in it. */
function FrameNotices({ page, notice, failure, onDismissFailure, warning }: ListFrameProps & { page: boolean }) {
  return (
    <>
      <Notices notice={notice} failure={failure} onDismissFailure={onDismissFailure} place={page ? 'toast' : 'panel'} />
      {warning ? (
        <Alert variation="warning" className={page ? 'page-notice' : 'panel-notice'}>
          {warning}
        </Alert>
      ) : null}
    </>
  );
}
