/**
 * Wizard step 'Select interview' (001 §2): the Active interviews with Name, Origin (own
 * organization's name or the shared label) and Date (updated), a radio choice, and a detail card
 * of the chosen interview's questions with their role names.
 */
import { messages, type InterviewListItem } from '@practica/contract';
import { assignmentText } from '../../../../config/assignment-text';
import { useAssignableInterviews } from '../../api/list-wizard-sources';
import { ContentChoice } from './content-choice';

export interface InterviewStepProps {
  /** The assignment's organization: the interviews assignable to it are offered. */
  organizationId: number | null;
  interviewId: number | null;
  onPick: (interview: InterviewListItem) => void;
}

/** Step 2 of the wizard. */
export function InterviewStep({ organizationId, interviewId, onPick }: InterviewStepProps) {
  const interviews = useAssignableInterviews(organizationId);
  return (
    <ContentChoice<InterviewListItem>
      label={messages.interviews}
      source={interviews}
      chosenId={interviewId}
      onPick={onPick}
      column={{
        header: messages.origin,
        cell: (row) => row.organization?.name ?? assignmentText.sharedOrigin,
      }}
      previewTitle={assignmentText.interviewQuestions}
      noneChosenText={assignmentText.noInterviewSelected}
    />
  );
}
