/**
 * Wizard step 'Select evaluation' (001 §2): a Ratings / Feedback toggle, each with '(1/1)' or
 * '(0/1)', the Active evaluations of that type with a radio choice (one of each at most), and a
 * preview of the chosen one's questions.
 */
import { SegmentedControl, Stack } from '@mantine/core';
import { ContentType, format, messages, type ContentListItem } from '@practica/contract';
import { useState } from 'react';
import { assignmentText } from '../../../../config/assignment-text';
import { useAssignableEvaluations } from '../../api/list-wizard-sources';
import { ContentChoice } from './content-choice';

export interface EvaluationStepProps {
  /** The assignment's organization: the evaluations assignable to it are offered. */
  organizationId: number | null;
  ratingsId: number | null;
  feedbackId: number | null;
  onPick: (evaluation: ContentListItem) => void;
}

/** Step 4 of the wizard. */
export function EvaluationStep({
  organizationId,
  ratingsId,
  feedbackId,
  onPick,
}: EvaluationStepProps) {
  const [typeId, setTypeId] = useState<number>(ContentType.RatingScale);
  const evaluations = useAssignableEvaluations(organizationId, typeId);
  const chosenId = typeId === ContentType.RatingScale ? ratingsId : feedbackId;

  return (
    <Stack gap="md">
      <SegmentedControl
        w="fit-content"
        value={String(typeId)}
        onChange={(value) => setTypeId(Number(value))}
        data={[
          {
            value: String(ContentType.RatingScale),
            label: `${messages.ratings} ${format.evaluationCounter(ratingsId !== null)}`,
          },
          {
            value: String(ContentType.Feedback),
            label: `${messages.feedback} ${format.evaluationCounter(feedbackId !== null)}`,
          },
        ]}
      />
      <ContentChoice<ContentListItem>
        label={messages.stepSelectEvaluation}
        source={evaluations}
        chosenId={chosenId}
        onPick={onPick}
        column={{ header: messages.questions, cell: (row) => row.questionsCount }}
        previewTitle={messages.questions}
        noneChosenText={assignmentText.noEvaluationSelected}
      />
    </Stack>
  );
}
