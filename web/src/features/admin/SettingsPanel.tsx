// The frame the Admin Panel's settings share (the pendency limits, the transfer
// limit): a heading with its hint, the "saved" notice, and the loading and
// failed states of the setting read from the server, around the setting's own
// form. A saved answer starts the form again from what the server kept.
import type { ReactNode } from 'react';
import type { SWRResponse } from 'swr';
import { Alert, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingState } from '../../components/LoadingState';
import { useTransientMessage } from '../../components/use-transient-message';

interface SettingsPanelProps<T> {
  /** The setting as its data hook reads it (api/use-*.ts). */
  setting: SWRResponse<T>;
  headingId: string;
  title: string;
  hint: string;
  loadingLabel: string;
  loadFailedText: string;
  savedText: string;
  className?: string;
  /** The setting's form: `onSaved` takes what the server kept. */
  children: (data: T, onSaved: (saved: T) => void) => ReactNode;
}

export function SettingsPanel<T>({ setting, headingId, title, hint, loadingLabel, loadFailedText, savedText, className, children }: SettingsPanelProps<T>) {
  const { data, error, isLoading, mutate } = setting;
  const notice = useTransientMessage(3000);
  const onSaved = (saved: T) => {
    void mutate(saved, { revalidate: false });
    notice.show(savedText);
  };

  return (
    <section aria-labelledby={headingId} className={className ? `list-panel ${className}` : 'list-panel'}>
      <Flex className="table-panel-head" direction="column" gap="0">
        <Heading level={2} className="panel-title" id={headingId}>
          {title}
        </Heading>
        <Text className="count-text">{hint}</Text>
      </Flex>
      {notice.message ? (
        <Alert variation="success" role="status" className="panel-notice">
          {notice.message}
        </Alert>
      ) : null}
      {isLoading && !data ? (
        <LoadingState label={loadingLabel} />
      ) : error && !data ? (
        <LoadFailure message={errorText(error, loadFailedText)} onRetry={() => void mutate()} padded />
      ) : data ? (
        children(data, onSaved)
      ) : null}
    </section>
  );
}
