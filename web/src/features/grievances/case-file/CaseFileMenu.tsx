// 'Case file' on a grievance's screen: a menu of the languages the server writes the case
// file in (English, हिन्दी); choosing one downloads that PDF.
import { useRef, useState } from 'react';
import { Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors';
import type { GrievanceView } from '../../../api/types';
import { Icon } from '../../../components/icons';
import { LANGUAGES, type Language } from '../../../i18n';
import { saveFile } from '../../../lib/export-window';
import { caseFileApi, caseFileName } from './case-file';

interface CaseFileMenuProps {
  grievance: Pick<GrievanceView, 'id' | 'grievance_number'>;
  /** Called as a download starts (clears an earlier failure). */
  onStart: () => void;
  onFailure: (message: string) => void;
}

export function CaseFileMenu({ grievance, onStart, onFailure }: CaseFileMenuProps) {
  const { t } = useTranslation('grievances');
  const [busy, setBusy] = useState(false);
  // The state lags a render behind; a second choice in the same tick must not start a second download.
  const running = useRef(false);

  async function fetchFile(language: Language) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    onStart();
    try {
      const file = await caseFileApi.download(grievance.id, language);
      saveFile(file.blob, file.fileName ?? caseFileName(grievance.grievance_number, language));
    } catch (error) {
      onFailure(errorText(error, t('caseFile.failed')));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <Menu
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
        <MenuItem key={option.code} lang={option.code} onClick={() => void fetchFile(option.code)}>
          {option.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
