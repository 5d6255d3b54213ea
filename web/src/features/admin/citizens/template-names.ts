// The names a template goes by on screen: its kind ('Progress update'), its language
// ('English') and the cases it is for ('Sensitive cases'; the status page's code, which has
// no sensitive variant, is for every case).
import { useTranslation } from 'react-i18next';
import type { MessageKind, SmsTemplate, TemplateLanguage } from '../api/citizen-settings';

type Cases = 'sensitive' | 'standard' | 'every';

const casesOf = (template: Pick<SmsTemplate, 'kind' | 'sensitive'>): Cases =>
  template.sensitive ? 'sensitive' : template.kind === 'status_code' ? 'every' : 'standard';

export function useTemplateNames() {
  const { t } = useTranslation('admin');
  const kind = (value: MessageKind) => t(`citizens.kind.${value}`);
  const language = (value: TemplateLanguage) => t(`citizens.language.${value}`);
  return {
    kind,
    language,
    /** 'Sensitive cases', 'Other cases', 'Every case'. */
    cases: (template: Pick<SmsTemplate, 'kind' | 'sensitive'>) => t(`citizens.cases.${casesOf(template)}`),
    /** The values a sentence naming the template takes: {{kind}}, {{language}}, {{cases}}. */
    of: (template: Pick<SmsTemplate, 'kind' | 'language' | 'sensitive'>) => ({
      kind: kind(template.kind),
      language: language(template.language),
      cases: t(`citizens.casesInSentence.${casesOf(template)}`),
    }),
  };
}
