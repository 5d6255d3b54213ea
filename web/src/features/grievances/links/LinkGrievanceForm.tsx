// 'Link a grievance' for users with grievances update: the other grievance's number is
// looked up in the list (the exact number), then the link is asked for. Every refusal
// (no such grievance, linked already, the grievance itself) is shown under the number.
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Heading, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/errors';
import type { GrievanceView } from '../../../api/types';
import { Icon } from '../../../components/icons';
import { lookupText } from '../number-lookup/api/lookup';
import { linksApi, type LinkedGrievance } from './api/links';
import { numberProblem } from './links';

interface LinkGrievanceFormProps {
  grievanceId: number;
  /** After a link: the list as the server answered it, and the grievance linked. */
  onLinked: (linked: LinkedGrievance[], other: Pick<GrievanceView, 'id' | 'grievance_number'>) => void;
}

export function LinkGrievanceForm({ grievanceId, onLinked }: LinkGrievanceFormProps) {
  const { t } = useTranslation('casework');
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  function refuse(text: string) {
    setProblem(text);
    field.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const number = lookupText(typed);
    const local = numberProblem(number);
    if (local) {
      refuse(local);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const other = await linksApi.findByNumber(number);
      if (!other) {
        refuse(t('links.notFound'));
        return;
      }
      const linked = await linksApi.link(grievanceId, other.id);
      setTyped('');
      onLinked(linked, other);
    } catch (error) {
      // 400 names the field (linked to itself); 404 and 409 say why in their message.
      const own = error instanceof ApiError ? error.fields.grievance_id : undefined;
      refuse(own ?? errorText(error, t('links.linkFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="link-form">
      <Heading level={3} id={headingId} className="link-form-title">
        {t('links.formTitle')}
      </Heading>
      <TextField
        ref={field}
        label={t('links.number')}
        name="grievance_number"
        value={typed}
        autoComplete="off"
        spellCheck={false}
        className="link-number"
        descriptiveText={t('links.numberHint')}
        onChange={(event) => {
          setTyped(event.target.value);
          setProblem(null);
        }}
        hasError={Boolean(problem)}
        errorMessage={problem ?? undefined}
        outerEndComponent={
          <Button type="submit" variation="primary" gap="xs" isLoading={busy} loadingText={t('links.linking')}>
            <Icon name="add" size={18} />
            {t('links.link')}
          </Button>
        }
      />
    </form>
  );
}
