// The Admin Panel's 'Citizen messages' tab: what the portal tells complainants and what it
// allows them. The reopen window and the appeal's time limit, the SMS templates, and the
// messages that could not be sent, each a section of its own under its heading.
import { FailedMessagesSection } from './FailedMessagesSection';
import { ReopenAppealSection } from './ReopenAppealSection';
import { SmsTemplatesSection } from './SmsTemplatesSection';
import './citizens.css';

export function CitizenMessagesPanel() {
  return (
    <div className="citizen-messages">
      <ReopenAppealSection />
      <SmsTemplatesSection />
      <FailedMessagesSection />
    </div>
  );
}
