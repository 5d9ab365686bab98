/**
 * The preview dialog of the content lists (001 §2 'otherwise a preview dialog opens'): the item's
 * description, roles and questions, read-only. For reviewers (Admin, Manager) an item in Review
 * offers 'Approve' and 'Return draft' (001 §4).
 */
import { Avatar, Badge, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import {
  ContentStatus,
  contentTypeLabels,
  messages,
  questionTypeLabels,
  type ContentListItem,
} from '@practica/contract';
import { IconCheck } from '@tabler/icons-react';
import { contentText } from '../../../config/content-text';
import { useCan } from '../../../lib/can';
import { useChangeContentStatus } from '../api/change-content';
import { useQuestionnaire } from '../api/get-questionnaire';
import { ContentStatusBadge } from './content-status-badge';

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
          {isLoading && <Loader size="sm" aria-label={messages.loading} />}
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
                      {q.options.length > 0 && (
                        <List withPadding size="xs" listStyleType="disc">
                          {q.options.map((o) => (
                            <List.Item key={o.id}>
                              {o.text}
                              {o.correctAnswer > 0 && (
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
                loading={status.isPending}
                onClick={() => change(ContentStatus.Draft)}
              >
                {messages.returnDraft}
              </Button>
              <Button loading={status.isPending} onClick={() => change(ContentStatus.Active)}>
                {messages.approve}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
