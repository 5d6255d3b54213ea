// The frame of a list of records one may add to, edit and delete (users, roles, an
// Admin Panel list): its title and description, 'Add ...', its notices, a heading with
// the count (and a search where there is one), then the table, or its loading or failed
// state in its place. A 'page' is a screen of its own (its title the h1, the list in a
// panel under it); a 'panel' is one list of a screen (its heading the title).
import type { ReactNode } from 'react';
import { Alert, Button, Card, Flex, Heading, SearchField, Text } from '@aws-amplify/ui-react';
import { searchFieldLabels } from '../i18n/amplify-labels';
import { Icon } from './icons';
import { LoadFailure } from './LoadFailure';
import { LoadingState } from './LoadingState';
import { Notices } from './Notices';
import { PageHeader } from './PageHeader';

interface ListFrameProps {
  kind: 'page' | 'panel';
  /** The screen's title and the line under it ('page' only). */
  title?: string;
  description?: string;
  heading: string;
  headingId: string;
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
  /** The table. */
  children: ReactNode;
}

const SEARCH_MAX = 100;

export function ListFrame(props: ListFrameProps) {
  const { kind, heading, headingId, count, search, add, load } = props;
  const page = kind === 'page';
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
      {page ? null : <FrameNotices {...props} />}
      {load.isLoading ? (
        <LoadingState label={load.loadingLabel} />
      ) : load.failed ? (
        <LoadFailure message={load.failedText} onRetry={load.onRetry} padded />
      ) : (
        props.children
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
      <PageHeader title={props.title ?? heading} description={props.description} actions={addButton} />
      <FrameNotices {...props} />
      <Card variation="outlined" className="panel table-panel">
        {body}
      </Card>
    </>
  );
}

/** A page's success floats over the foot of the screen; a panel's notices stand in it. */
function FrameNotices({ kind, notice, failure, onDismissFailure, warning }: ListFrameProps) {
  const className = kind === 'page' ? 'page-notice' : 'panel-notice';
  return (
    <>
      <Notices notice={notice} failure={failure} onDismissFailure={onDismissFailure} place={kind === 'page' ? 'toast' : 'panel'} />
      {warning ? (
        <Alert variation="warning" className={className}>
          {warning}
        </Alert>
      ) : null}
    </>
  );
}
