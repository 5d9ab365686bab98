/**
 * /practice/assignments/:id — practising an assignment: loads it with my
 * answer (`GET /me/assignments/{id}`), then the practice over the environment image; an answer no
 * longer Pending (or past its due date) cannot be practised; after submitting, the done screen.
 * Both show my answers' videos with their state once the server holds them (`AnswerVideos`).
 */
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { AnswerStatus, messages, type MeAssignmentDetail } from '@practica/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '@shared/components/page-title';
import { myAssignmentQuery } from '../../api/my-assignments';
import { practicePaths } from '../../app/paths';
import { appText } from '../../app/app-text';
import { QueryState } from '../../app/query-state';
import { useSession } from '../../lib/session';
import { AnswerVideos } from './answer-videos';
import { PracticeBackdrop } from './practice-backdrop';
import { PracticeSession } from './practice-session';
import { practiceText } from './practice-text';

/** My answer's videos, when it has any. */
function MyVideos({ detail }: { detail: MeAssignmentDetail | undefined }) {
  if (!detail || detail.answer.items.length === 0) return null;
  return <AnswerVideos questions={detail.questions} items={detail.answer.items} />;
}

function HomeLink() {
  return (
    <Button component={Link} to={practicePaths.home} variant="default">
      {practiceText.backHome}
    </Button>
  );
}

/** The practice screen (default export: lazily loaded by the router). */
export default function PracticePage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const query = useQuery({ ...myAssignmentQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const [submitted, setSubmitted] = useState(false);
  const detail = query.data;
  useDocumentTitle(detail?.name ?? practiceText.startPractice, appText.appName);

  if (submitted) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>{practiceText.doneTitle}</Title>
        <Text role="status">{messages.answersSubmitted}</Text>
        <Text>{practiceText.doneMessage}</Text>
        <HomeLink />
        <Stack w="100%">
          <MyVideos detail={detail} />
        </Stack>
      </Stack>
    );
  }
  if (!detail || !user)
    return <QueryState error={query.error} retry={() => void query.refetch()} />;

  const answerable = detail.canAnswer && detail.answer.statusId === AnswerStatus.Pending;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {detail.name}
        </Title>
        {detail.description && <Text c="dimmed">{detail.description}</Text>}
      </div>
      {answerable ? (
        <PracticeBackdrop imageUrl={detail.environment?.image?.url ?? null}>
          <PracticeSession
            detail={detail}
            userId={user.id}
            onSubmitted={() => setSubmitted(true)}
          />
        </PracticeBackdrop>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>{practiceText.notAnswerable}</Text>
          {detail.review && (
            <Anchor component={Link} to={practicePaths.review(detail.id)}>
              {messages.review}
            </Anchor>
          )}
          <HomeLink />
          <Stack w="100%">
            <MyVideos detail={detail} />
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
