/** /invite-registration/{id} (000 §2.1, §2.7): placeholder until the invites issue builds the form. */
import { IconUserPlus } from '@tabler/icons-react';
import { PublicPage } from '../../components/public-page';
import { StatusMessage } from '../../components/status-message';
import { useDocumentTitle } from '../../components/page-title';
import { uiText } from '../../config/ui-text';

/** Invite registration page (coming soon). */
export default function InviteRegistrationPage() {
  useDocumentTitle(uiText.inviteRegistrationTitle);
  return (
    <PublicPage>
      <StatusMessage
        icon={<IconUserPlus size={28} />}
        title={uiText.inviteRegistrationTitle}
        order={1}
      >
        {uiText.comingSoonBody}
      </StatusMessage>
    </PublicPage>
  );
}
