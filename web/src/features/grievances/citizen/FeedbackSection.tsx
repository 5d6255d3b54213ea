// The detail screen's 'Complainant's feedback', shown once the complainant rated a disposal:
// an appeal their "not satisfied" opened and that awaits the next level up, as a banner with
// the day it is to be decided by (and, for a holder of grievances approve, the decision); each
// rating, newest first (what, when, how given, their comment); and the appeals decided, with
// the decision, who made it and when.
import { Alert, Badge, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GrievanceView } from '../../../api/types';
import { FactList } from '../../../components/FactList';
import { formatDateTime } from '../../../lib/format';
import { AppealDecisionForm } from './AppealDecisionForm';
import { levelWord, longDate, newestFirst, openAppeal, type Appeal, type Rating } from './citizen';

/** Whether the section has anything to show: a rating, or an appeal. */
export const showsFeedback = (grievance: Pick<GrievanceView, 'feedback' | 'appeals'>): boolean =>
  (grievance.feedback?.length ?? 0) > 0 || (grievance.appeals?.length ?? 0) > 0;

const RATING_BADGE: Record<Rating, 'success' | 'warning' | 'error'> = {
  satisfied: 'success',
  partly: 'warning',
  not_satisfied: 'error',
};

interface FeedbackSectionProps {
  grievance: GrievanceView;
  /** The user holds grievances approve (the server also wants a posting at the appeal's level or above). */
  canDecide: boolean;
  /** The case as the decision left it, and what to say. */
  onDecided: (grievance: GrievanceView, message: string) => void;
  /** Reads the case again (after a conflict). */
  onReload: () => void;
}

export function FeedbackSection({ grievance, canDecide, onDecided, onReload }: FeedbackSectionProps) {
  const { t } = useTranslation('casework');
  const ratingsId = useId();
  const decidedId = useId();
  const open = openAppeal(grievance.appeals);
  const ratings = newestFirst(grievance.feedback);
  const decided = newestFirst(grievance.appeals).filter((appeal): appeal is Appeal & { decision: NonNullable<Appeal['decision']> } => Boolean(appeal.decision));
  const level = (appeal: Appeal) => levelWord(appeal.level);

  return (
    <Flex direction="column" gap="medium">
      {open ? (
        <>
          <Alert variation="warning" role="note">
            <Text as="p" fontWeight="bold" margin="0">
              {t('citizen.appealOpen', { level: level(open), date: longDate(open.due) })}
            </Text>
            <FactList
              facts={[
                { label: t('citizen.comment'), value: open.comment ? <span className="prose">{open.comment}</span> : t('citizen.noComment'), wide: true },
                { label: t('citizen.opened'), value: formatDateTime(open.opened_at) },
              ]}
            />
          </Alert>
          {canDecide ? <AppealDecisionForm key={open.opened_at} grievanceId={grievance.id} onDecided={onDecided} onReload={onReload} /> : null}
        </>
      ) : null}

      {ratings.length > 0 ? (
        <div>
          <Heading level={3} className="subsection-title" id={ratingsId}>
            {t('citizen.ratingsLabel')}
          </Heading>
          <ol className="timeline" aria-labelledby={ratingsId}>
            {ratings.map((rating, index) => (
              <li key={`${rating.at}-${index}`} className="timeline-item">
                <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
                  <Flex alignItems="center" gap="xs" wrap="wrap">
                    <Badge size="small" variation={RATING_BADGE[rating.rating]}>
                      {t(`citizen.rating.${rating.rating}`)}
                    </Badge>
                    {rating.appealed ? (
                      <Badge size="small" variation="info">
                        {t('citizen.appealed')}
                      </Badge>
                    ) : null}
                  </Flex>
                  <Text as="span" className="muted-text">
                    <time dateTime={rating.at}>{formatDateTime(rating.at)}</time>
                  </Text>
                </Flex>
                {rating.comment ? <Text className="prose timeline-change">{rating.comment}</Text> : <Text className="muted-text timeline-change">{t('citizen.noComment')}</Text>}
                <Text className="muted-text">{t(`citizen.via.${rating.via}`)}</Text>
              </li>
            ))}
          </ol>
        </div>
      ) : null}

      {decided.length > 0 ? (
        <div>
          <Heading level={3} className="subsection-title" id={decidedId}>
            {t('citizen.appealsDecided')}
          </Heading>
          <ol className="timeline" aria-labelledby={decidedId}>
            {decided.map((appeal) => (
              <li key={appeal.opened_at} className="timeline-item">
                <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
                  <Flex alignItems="center" gap="xs" wrap="wrap">
                    <Text as="span" className="timeline-field">
                      {t('citizen.appealTo', { level: level(appeal) })}
                    </Text>
                    <Badge size="small" variation={appeal.decision.reopened ? 'warning' : 'success'}>
                      {appeal.decision.reopened ? t('citizen.reopenedOnAppeal') : t('citizen.confirmedOnAppeal')}
                    </Badge>
                  </Flex>
                  <Text as="span" className="muted-text">
                    <time dateTime={appeal.decision.at}>{formatDateTime(appeal.decision.at)}</time>
                  </Text>
                </Flex>
                <Text className="prose timeline-change">{appeal.decision.reason}</Text>
                <Text className="muted-text">{t('citizen.decidedBy', { name: appeal.decision.by_name || t('grievances:history.unknownUser') })}</Text>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </Flex>
  );
}
