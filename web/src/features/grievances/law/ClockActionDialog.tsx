// 'Record an action' on a case's clocks: what was done (the informant told of progress, the
// investigation completed, an e-FIR signed, ...), on which day, how the informant was told,
// and a note. The server checks the day against the FIR date and today, and answers the
// case with its clocks as they now stand.
import { useState, type FormEvent } from 'react';
import { SelectField, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { GrievanceView } from '../../../api/types';
import { DateField } from '../../../components/DateField';
import { DialogForm } from '../../../components/DialogForm';
import { useFormSubmit } from '../../../components/use-form-submit';
import { todayIso } from '../../../lib/format';
import { CLOCK_ACTIONS, lawApi, MEANS, type ClockEventKind, type Means } from './law';

interface ClockActionDialogProps {
  grievance: GrievanceView;
  onClose: () => void;
  onRecorded: (grievance: GrievanceView, message: string) => void;
}

export function ClockActionDialog({ grievance, onClose, onRecorded }: ClockActionDialogProps) {
  const { t } = useTranslation('casework');
  const [kind, setKind] = useState<ClockEventKind>('informant_told_of_progress');
  const [on, setOn] = useState(todayIso());
  const [means, setMeans] = useState<Means | ''>('');
  const [note, setNote] = useState('');
  const { busy, failure, fields, submit: send } = useFormSubmit(t('law.recordFailed'));
  const telling = kind === 'informant_told_of_progress';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(async () => {
      const answer = await lawApi.recordAction(grievance.id, { kind, on, means: telling && means ? means : null, note, version: grievance.version });
      onRecorded(answer.data, t('law.recorded', { action: t(`law.action.${kind}`) }));
    });
  }

  return (
    <DialogForm
      title={t('law.recordAction')}
      formLabel={t('law.recordAction')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={busy}
      failure={failure}
      submitLabel={t('law.record')}
      busyLabel={t('law.recording')}
    >
      <SelectField label={t('law.actionLabel')} value={kind} onChange={(e) => setKind(e.target.value as ClockEventKind)} hasError={Boolean(fields.kind)} errorMessage={fields.kind}>
        {CLOCK_ACTIONS.map((k) => (
          <option key={k} value={k}>
            {t(`law.action.${k}`)}
          </option>
        ))}
      </SelectField>
      <DateField label={t('law.doneOnLabel')} value={on} max={todayIso()} onChange={setOn} hasError={Boolean(fields.on)} errorMessage={fields.on} isRequired />
      {telling ? (
        <SelectField label={t('law.meansLabel')} value={means} onChange={(e) => setMeans(e.target.value as Means | '')} hasError={Boolean(fields.means)} errorMessage={fields.means} isRequired>
          <option value="">{t('law.meansChoose')}</option>
          {MEANS.map((m) => (
            <option key={m} value={m}>
              {t(`law.means.${m}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextAreaField label={t('law.noteLabel')} value={note} rows={3} maxLength={2000} onChange={(e) => setNote(e.target.value)} hasError={Boolean(fields.note)} errorMessage={fields.note} />
    </DialogForm>
  );
}
