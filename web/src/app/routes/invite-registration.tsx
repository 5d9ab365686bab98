/**
 * /invite-registration/{id} (000 §2.1, §2.7): `id` is the link's token. The page loads the invite
 * (GET /invites/{token}); when it cannot, it shows the server's message (else
 * `messages.inviteInvalid`) and goes to login once the message is dismissed; a used invite
 * (`messages.inviteUsed`, decisions.md#console-flows §10) offers to sign in instead. Otherwise the
 * registration form: first name, last name, password and repeat password, the email read-only.
 * After registering, the new user is signed in by the login rules (000 §2.3): a trainee keeps no
 * console session and goes to the practice app (`/practice/`, a full page load), whose sign-in
 * says the account was created and has the email filled in (handed over in this tab,
 * lib/practice-handover.ts: never in the URL); staff go to their home page.
 */
import { Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { can, messages, roleLabels, type LoginAnswer } from '@practica/contract';
import { IconAlertCircle, IconUserCheck } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { StatusMessage } from '@shared/components/status-message';
import { useDocumentTitle } from '@shared/components/page-title';
import { paths } from '@shared/config/paths';
import { inviteText } from '../../config/organization-text';
import { uiText } from '@shared/config/ui-text';
import { InviteRegistrationForm, usePublicInvite } from '../../features/invites';
import { isApiError } from '@shared/lib/api-client';
import { openFullPage } from '../../lib/full-page';
import { clearPracticeHandover, handOverRegistration } from '@shared/lib/practice-handover';
import { roleHome, signIn } from '../../lib/auth';
import { toActor } from '../../lib/can';
import { writeLocal } from '@shared/lib/storage';
import { toast } from '@shared/lib/toast';

/** Invite registration page (000 §2.7). */
export default function InviteRegistrationPage() {
  const token = useParams().id ?? '';
  const navigate = useNavigate();
  const query = usePublicInvite(token);
  useDocumentTitle(uiText.inviteRegistrationTitle);

  const toLogin = () => void navigate(paths.login(), { replace: true });

  const onRegistered = (answer: LoginAnswer) => {
    toast.success(messages.userCreated);
    const { token: _token, ...fields } = answer;
    if (!can(toActor(fields), 'console:signIn')) {
      // 000 §2.3: a trainee keeps no console session; it signs in to the practice app with the
      // account just made, its email filled in there.
      handOverRegistration(answer.email);
      openFullPage(paths.practiceApp());
      return;
    }
    clearPracticeHandover();
    const user = signIn(answer);
    const home = roleHome(user.roleId);
    writeLocal('rootPage', home);
    void navigate(home, { replace: true });
  };

  const invite = query.data;
  const failure = query.isError
    ? isApiError(query.error) && query.error.fromServer
      ? query.error.message
      : messages.inviteInvalid
    : null;
  const used = failure === messages.inviteUsed;

  return (
    <PublicPage width={520}>
      {invite ? (
        <Stack gap="lg">
          <div>
            <Title order={1}>{uiText.inviteRegistrationTitle}</Title>
            <Text size="sm" c="dimmed" mt={4}>
              {inviteText.registrationIntro(invite.organizationName, roleLabels[invite.roleId])}
            </Text>
          </div>
          <InviteRegistrationForm invite={invite} token={token} onRegistered={onRegistered} />
        </Stack>
      ) : failure ? (
        <StatusMessage
          icon={used ? <IconUserCheck size={28} /> : <IconAlertCircle size={28} />}
          title={failure}
          color={used ? 'brand' : 'red'}
          order={1}
        />
      ) : (
        <Center py="xl" role="status">
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {messages.loading}
            </Text>
          </Group>
        </Center>
      )}
      <Modal
        opened={failure !== null}
        onClose={toLogin}
        title={<Text fw={650}>{uiText.inviteRegistrationTitle}</Text>}
        size="sm"
      >
        <Stack gap="lg">
          <Text size="sm">{failure}</Text>
          <Group justify="flex-end">
            <Button onClick={toLogin} data-autofocus>
              {used ? messages.login : messages.backToLogin}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PublicPage>
  );
}
