/**
 * A questionnaire's questions as the wizard previews them (001 §2): interview questions with their
 * role name; single and multiple choice with their options; rating questions with a 5-point scale.
 */
import { Badge, Group, List, Rating, Stack, Text } from '@mantine/core';
import { QuestionType, format, ratingScaleMax, type Questionnaire } from '@practica/contract';

/** The questions of one questionnaire. */
export function QuestionsPreview({ questionnaire }: { questionnaire: Questionnaire }) {
  const roleName = (id: number | null) => questionnaire.roles.find((r) => r.id === id)?.name;
  return (
    <Stack gap="sm">
      {questionnaire.questions.map((question, index) => {
        const role = roleName(question.interviewRoleId);
        return (
          <Stack key={question.id} gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge variant="light" size="sm">
                {format.questionShortLabel(index + 1)}
              </Badge>
              <Text size="sm" style={{ flex: 1 }}>
                {question.text}
              </Text>
              {role && (
                <Badge variant="outline" size="sm">
                  {role}
                </Badge>
              )}
            </Group>
            {(question.questionTypeId === QuestionType.Single ||
              question.questionTypeId === QuestionType.Multiple) && (
              <List size="sm" ml="xl">
                {question.options.map((option) => (
                  <List.Item key={option.id}>{option.text}</List.Item>
                ))}
              </List>
            )}
            {question.questionTypeId === QuestionType.Rating && (
              <Rating ml="xl" count={ratingScaleMax} readOnly value={0} />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
