// 'Case file' on a grievance's screen: a menu of the languages the server writes the case
// file in (English, हिन्दी). Choosing one asks the API for the file's signed link and opens
// it in a new window, as the list's exports do.
import { useRef, useState } from 'react';
import { Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText, NetworkError } from '../../../api/errors';
import type { GrievanceView } from '../../../api/types';
import { Icon } from '../../../components/icons';
import { i18n, LANGUAGES, type Language } from '../../../i18n';
import { closeWindow, downloadInPage, openPendingWindow, showInWindow } from '../../../lib/export-window';
import { caseFileApi } from './case-file';
import { inertOutside } from '../../../components/inert-outside';

interface CaseFileMenuProps {
  grievance: Pick<GrievanceView, 'id'>;
  /** Called as a download starts (clears an earlier failure). */
  onStart: () => void;
  onFailure: (message: string) => void;
}

function failureMessage(error: unknown): string {
  // The answer was not a link (thrown by the API module itself): say so.
  const own = error instanceof Error && !(error instanceof ApiError) && !(error instanceof NetworkError);
  return own ? error.message : errorText(error, i18n.t('grievances:caseFile.failed'));
}

export function CaseFileMenu({ grievance, onStart, onFailure }: CaseFileMenuProps) {
  const { t } = useTranslation('grievances');
  const [busy, setBusy] = useState(false);
  // The state lags a render behind; a second choice in the same tick must not open a second window.
  const running = useRef(false);

  async function openFile(language: Language) {
    if (running.current) return;
    running.current = true;
    // Opened now, while the click still counts as the user's: after the await it would be blocked.
    const pending = openPendingWindow(t('caseFile.preparing'), i18n.language);
    setBusy(true);
    onStart();
    try {
      const link = await caseFileApi.link(grievance.id, language);
      if (pending && !pending.closed) showInWindow(pending, link.url);
      else downloadInPage(link.url);
    } catch (error) {
      if (pending) closeWindow(pending);
      onFailure(failureMessage(error));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <Menu
      ref={inertOutside}
      ariaLabel={t('caseFile.menu')}
      menuAlign="end"
      isDisabled={busy}
      trigger={
        <MenuButton gap="xs" isLoading={busy} loadingText={t('caseFile.preparing')} title={t('caseFile.menu')}>
          <Icon name="download" size={18} />
          {t('caseFile.open')}
          <Icon name="chevronDown" size={18} />
        </MenuButton>
      }
    >
      {LANGUAGES.map((option) => (
        <MenuItem key={option.code} lang={option.code} onClick={() => void openFile(option.code)}>
          {option.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
