// Changing one SMS template: its text, with the placeholders it must and may hold (and, for
// a sensitive case's template, why some may not be held), its length as it is typed, and the
// DLT id it is registered under. The server reads the text against its rules and names what
// is wrong under the field; a text longer than it keeps is refused here, before it is sent.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Flex, Text, TextAreaField, TextField, VisuallyHidden } from '@aws-amplify/ui-react';
import { DialogForm } from '../../../components/DialogForm';
import { useFormSubmit } from '../../../components/use-form-submit';
import { citizenSettingsApi, type CitizenSettingsView, type SmsTemplate } from '../api/citizen-settings';
import { allowedPlaceholders, characterCount, MAX_TEMPLATE_LENGTH, requiredPlaceholders, UNSAFE_PLACEHOLDERS, type Placeholder } from './templates';
import { useTemplateNames } from './template-names';

/** How long the typing rests before a screen reader hears the count. */
const COUNT_ANNOUNCE_DELAY_MS = 1000;

function Placeholders({ names }: { names: readonly Placeholder[] }) {
  return (
    <>
      {names.map((name, index) => (
        <span key={name}>
          {index > 0 ? ', ' : null}
          <code className="placeholder-code">{name}</code>
        </span>
      ))}
    </>
  );
}

/** The count read out once the typing rests, rather than at every key. */
function useRestingValue<T>(value: T, delay: number): T {
  const [resting, setResting] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setResting(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return resting;
}

interface TemplateDialogProps {
  template: SmsTemplate;
  onClose: () => void;
  /** The view the server answers with, every template in it. */
  onSaved: (view: CitizenSettingsView) => void;
}

export function TemplateDialog({ template, onClose, onSaved }: TemplateDialogProps) {
  const { t } = useTranslation('admin');
  const names = useTemplateNames();
  const [text, setText] = useState(template.text);
  const [dltTemplateId, setDltTemplateId] = useState(template.dltTemplateId);
  const [tooLong, setTooLong] = useState<string | null>(null);
  const { busy, failure, fields, submit: send } = useFormSubmit(t('citizens.templates.saveFailed'));
  const count = characterCount(text);
  const over = count - MAX_TEMPLATE_LENGTH;
  const countText = over > 0 ? t('citizens.templates.tooMany', { count: over }) : t('citizens.templates.count', { count, max: MAX_TEMPLATE_LENGTH });
  const announced = useRestingValue(countText, COUNT_ANNOUNCE_DELAY_MS);
  const title = t('citizens.templates.editTitle', names.of(template));
  const textError = tooLong ?? fields.text;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (over > 0) {
      setTooLong(t('citizens.templates.tooLong', { max: MAX_TEMPLATE_LENGTH }));
      form.querySelector<HTMLTextAreaElement>('textarea')?.focus();
      return;
    }
    await send(async () => onSaved(await citizenSettingsApi.saveTemplate(template, { text, dltTemplateId: dltTemplateId.trim() })));
  }

  // The server's messages arrive after the request: the first field it names takes the focus.
  useEffect(() => {
    const first = fields.text ? 'textarea[name="text"]' : fields.dltTemplateId ? 'input[name="dltTemplateId"]' : null;
    if (first) document.querySelector<HTMLElement>(first)?.focus();
  }, [fields]);

  // Sentences, each on a line of its own; the spaces between keep them apart when read out.
  const help = (
    <>
      <span className="template-help-line">
        {t('citizens.templates.mustHold')} <Placeholders names={requiredPlaceholders(template.kind)} />.
      </span>{' '}
      <span className="template-help-line">
        {t('citizens.templates.mayHold')} <Placeholders names={allowedPlaceholders(template)} />.
      </span>
      {template.sensitive ? (
        <>
          {' '}
          <span className="template-help-line">
            {t('citizens.templates.notSafe')} <Placeholders names={UNSAFE_PLACEHOLDERS} />. {t('citizens.templates.notSafeWhy')}
          </span>
        </>
      ) : null}
    </>
  );

  return (
    <DialogForm title={title} formLabel={title} onClose={onClose} onSubmit={(e) => void submit(e)} busy={busy} failure={failure} submitLabel={t('citizens.templates.save')} busyLabel={t('users:saving')} size="large">
      <Flex direction="column" gap="small">
        <div>
          <TextAreaField
            label={t('citizens.templates.text')}
            name="text"
            rows={5}
            lang={template.language}
            descriptiveText={help}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setTooLong(null);
            }}
            hasError={Boolean(textError)}
            errorMessage={textError}
            isRequired
          />
          <Text as="p" className={over > 0 ? 'template-count over' : 'template-count'} aria-hidden="true">
            {countText}
          </Text>
          <VisuallyHidden role="status">
            {announced}
          </VisuallyHidden>
        </div>
        <TextField
          label={t('citizens.templates.dlt')}
          name="dltTemplateId"
          descriptiveText={t('citizens.templates.dltHint')}
          inputMode="numeric"
          autoComplete="off"
          value={dltTemplateId}
          onChange={(e) => setDltTemplateId(e.target.value)}
          hasError={Boolean(fields.dltTemplateId)}
          errorMessage={fields.dltTemplateId}
          isRequired
        />
      </Flex>
    </DialogForm>
  );
}
