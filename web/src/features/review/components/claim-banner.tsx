/**
 * The review screen's banner when another reviewer holds the answer (decisions.md#review-loop §4 'Claims'):
 * 'Maya Manning is reviewing this answer · claimed 3 minutes ago', with "Take over". Everything
 * else stays readable; the review panel keeps Submit disabled until the reviewer takes over.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { format, type ReviewClaim } from '@practica/contract';
import { IconUserExclamation } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useState } from 'react';
import { reviewSafetyText } from '../../../config/review-safety-text';

dayjs.extend(relativeTime);

export interface ClaimBannerProps {
  /** Another reviewer's live claim. */
  claim: ReviewClaim;
  onTakeOver: () => void;
  takingOver?: boolean;
}

/** 'claimed 3 minutes ago', refreshed every 30 seconds. */
function useClaimedAgo(claimedAt: string): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return reviewSafetyText.claimedAgo(dayjs(claimedAt).from(dayjs(Math.max(now, Date.now()))));
}

/** The banner naming who is reviewing the answer, since when, with "Take over". */
export function ClaimBanner({ claim, onTakeOver, takingOver = false }: ClaimBannerProps) {
  const name = `${claim.user.firstName} ${claim.user.lastName}`.trim();
  const ago = useClaimedAgo(claim.claimedAt);
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconUserExclamation size={18} />}
      data-testid="claim-banner"
      role="status"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Text fw={600} size="sm">
            {format.answerClaimedBy(name)} · {ago}
          </Text>
          <Text size="xs" c="dimmed">
            {reviewSafetyText.takeOverHint}
          </Text>
        </div>
        {/* Dark text on yellow: white on yellow.6 is 2.1:1, under WCAG AA's 4.5:1. */}
        <Button
          size="xs"
          variant="filled"
          color="yellow"
          autoContrast
          onClick={onTakeOver}
          loading={takingOver}
        >
          {reviewSafetyText.takeOver}
        </Button>
      </Group>
    </Alert>
  );
}
