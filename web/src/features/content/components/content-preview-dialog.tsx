/**
 * The preview dialog of the content lists (001 §2 'otherwise a preview dialog opens'): the item's
 * description, roles and questions, read-only, with the audio prompts of interview questions to
 * play (decisions.md#console-flows §7) and, for rating questions, the 5-star scale the review uses. For reviewers
 * (Admin, Manager) an item in Review offers 'Approve' and 'Return draft' (001 §4), the latter
 * with an optional reason for the creator (decisions.md#console-flows §7).
 */
import { Avatar, Badge, Button, Group, List, Modal, Rating, Stack, Text } from '@mantine/core';
import {
  ContentStatus,
  ContentType,
  contentTypeLabels,
  messages,
  QuestionType,
  questionTypeLabels,
  ratingScaleMax,
  type ContentListItem,
  type Question,
  type Questionnaire,
} from '@practica/contract';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { contentApprovalText } from '../../../config/content-approval-text';
import { contentText } from '../../../config/content-text';
import { useCan } from '../../../lib/can';
import { useChangeContentStatus } from '../api/change-content';
import { useQuestionnaire } from '../api/get-questionnaire';
import { ContentStatusBadge } from './content-status-badge';
import { ReturnDraftDialog } from './return-draft-dialog';
import { StatusLoader } from '@shared/components/page-loader';

/** The audio prompts of an interview question, each playable, named by the avatar that speaks it. */
function AudioPrompts({ question, data }: { question: Question; data: Questionnaire }) {
  if (question.audios.length === 0) return null;
  const speaker = (avatarId: number | null) =>
    data.roles.find((r) => r.avatar && r.avatar.id === avatarId)?.avatar?.name ?? null;
  return (
    <Stack gap={4} mt={4} aria-label={contentApprovalText.audioPrompts} role="group">
      {question.audios.map((a, i) => {
        const label = contentApprovalText.audioPromptOf(i + 1, speaker(a.avatarId));
        return (
          <Stack key={a.id} gap={2}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <audio
              controls
              preload="none"
              src={a.audio.url}
              aria-label={label}
              style={{ width: '100%', maxWidth: 360, height: 32 }}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}

export interface ContentPreviewDialogProps {
  item: ContentListItem | null;
  onClose: () => void;
}

/** Read-only view of one content item, with the reviewer's actions (001 §2, §4). */
export function ContentPreviewDialog({ item, onClose }: ContentPreviewDialogProps) {
  const { data, isLoading } = useQuestionnaire(item?.id);
  const mayApprove = useCan('content:approve', { organizationId: item?.organizationId ?? null });
  const status = useChangeContentStatus();
  const inReview = item?.statusId === ContentStatus.Review;
  const [returning, setReturning] = useState(false);
  const feedback = item?.contentTypeId === ContentType.Feedback;

  const change = (statusId: number) => {
    if (!item) return;
    status.mutate({ id: item.id, statusId }, { onSuccess: onClose });
  };

  return (
    <Modal opened={item !== null} onClose={onClose} title={item?.name ?? ''} size="lg">
      {item && (
        <Stack gap="md">
          <Group gap="xs">
            <ContentStatusBadge statusId={item.statusId} />
            <Badge variant="outline" color="gray">
              {contentTypeLabels[item.contentTypeId]}
            </Badge>
          </Group>
          <Text size="sm">{item.description || contentText.noDescription}</Text>
          {isLoading && <StatusLoader size="sm" />}
          {data && data.roles.length > 0 && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {contentText.roles}
              </Text>
              <Group gap="md">
                {data.roles.map((role) => (
                  <Group key={role.id} gap={6}>
                    <Avatar size="sm" src={role.avatar?.image?.url ?? null} alt="" />
                    <Text size="sm">{role.name}</Text>
                  </Group>
                ))}
              </Group>
            </Stack>
          )}
          {data && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {messages.questions}
              </Text>
              {data.questions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {contentText.noQuestions}
                </Text>
              ) : (
                <List type="ordered" spacing={4} size="sm">
                  {data.questions.map((q) => (
                    <List.Item key={q.id}>
                      {q.text}{' '}
                      <Text span size="xs" c="dimmed">
                        ({questionTypeLabels[q.questionTypeId]}
                        {q.interviewRoleId
                          ? ` · ${data.roles.find((r) => r.id === q.interviewRoleId)?.name ?? ''}`
                          : ''}
                        )
                      </Text>
                      {q.questionTypeId === QuestionType.Rating && (
                        <Rating count={ratingScaleMax} readOnly value={0} size="xs" mt={2} />
                      )}
                      {q.questionTypeId !== QuestionType.Rating && q.options.length > 0 && (
                        <List withPadding size="xs" listStyleType="disc">
                          {q.options.map((o) => (
                            <List.Item key={o.id}>
                              {o.text}
                              {!feedback && o.correctAnswer > 0 && (
                                <IconCheck
                                  size={12}
                                  color="var(--mantine-color-teal-6)"
                                  aria-label={contentText.correctAnswer}
                                  role="img"
                                  style={{ marginLeft: 4, verticalAlign: 'middle' }}
                                />
                              )}
                            </List.Item>
                          ))}
                        </List>
                      )}
                      <AudioPrompts question={q} data={data} />
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
          )}
          {inReview && mayApprove && (
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                disabled={status.isPending}
                onClick={() => setReturning(true)}
              >
                {messages.returnDraft}
              </Button>
              <Button loading={status.isPending} onClick={() => change(ContentStatus.Active)}>
                {messages.approve}
              </Button>
            </Group>
          )}
          <ReturnDraftDialog
            name={returning ? item.name : null}
            onClose={() => setReturning(false)}
            onConfirm={(reason) =>
              status.mutateAsync(
                { id: item.id, statusId: ContentStatus.Draft, reason },
                { onSuccess: onClose },
              )
            }
          />
        </Stack>
      )}
    </Modal>
  );
}
