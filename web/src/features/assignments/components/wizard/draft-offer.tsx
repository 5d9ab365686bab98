/**
 * Opening the wizard with a kept draft (decisions.md#console-flows §1): the draft's title, the step it stopped at
 * and when it was saved, with Continue (back to that step with everything entered) and 'Discard
 * and start over' (the draft is deleted, the wizard starts empty).
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { dateFormat, wizardSteps } from '@practica/contract';
import { IconFileDescription } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { assignmentWizardText } from '../../../../config/assignment-wizard-text';
import type { WizardDraft } from './wizard-draft';
import { stepLabels } from './wizard-stepper';

export interface DraftOfferProps {
  draft: WizardDraft;
  onContinue: () => void;
  onStartOver: () => void;
}

/** The offer to continue a kept draft. */
export function DraftOffer({ draft, onContinue, onStartOver }: DraftOfferProps) {
  const name = draft.form.name.trim() || assignmentWizardText.draftUntitled;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md" aria-labelledby="wizard-draft-offer-title" role="region">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconFileDescription size={28} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} id="wizard-draft-offer-title">
              {assignmentWizardText.draftTitle}
            </Title>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {assignmentWizardText.draftWhere(
                draft.step + 1,
                wizardSteps,
                stepLabels[draft.step] ?? '',
              )}
              {' · '}
              {assignmentWizardText.draftSavedAt(
                dayjs(draft.savedAt).format(`${dateFormat} HH:mm`),
              )}
            </Text>
            <Text size="sm" c="dimmed">
              {assignmentWizardText.draftHint}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStartOver}>
            {assignmentWizardText.startOver}
          </Button>
          <Button onClick={onContinue} autoFocus>
            {assignmentWizardText.continueDraft}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
