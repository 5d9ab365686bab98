/**
 * /dbl/reviews/{id} (001 §2 'Review screen'; id is the answer id): title 'assignment: trainee full
 * name'; left the video player, right the review panel with Print Report when Reviewed. Goes back
 * when the answer is not found. Above them the inbox's navigation (decisions.md#review-loop §1): Previous / Next
 * (`k` / `j`), "3 of 30" and Back to inbox, with the inbox filters the URL carries; 'Submit and
 * next' asks the server where to go once the review is in (the neighbors as they are now, not as
 * the page opened them) and goes to the next waiting answer the reviewer may take with the same
 * filters — after the last, round to the first, across pages and assignments —, or, with none
 * left, back to the inbox, which says 'All caught up' only when it is empty. Under the panel, the
 * answer's review history (decisions.md#review-loop §5).
 */
import { Center, Grid, Group, Loader, Text } from '@mantine/core';
import { format } from '@practica/contract';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { paths } from '@shared/config/paths';
import { PrintReportButton, ScorecardButton } from '../../features/report';
import {
  ReviewNavigation,
  getInboxNeighbors,
  inboxFiltersFrom,
  inboxSearchOf,
  useInboxNeighbors,
} from '../../features/review-inbox';
import {
  ClaimBanner,
  ReviewHistory,
  ReviewPanel,
  VideoPlayer,
  useAnswer,
  useAnswerClaim,
} from '../../features/review';
import { reviewInboxKeys } from '../../lib/query-keys';
import { useGoBack } from './go-back';
import type { ReviewInboxLocationState } from './review-inbox';

/** The review screen. */
export default function ReviewPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  // Read again every few seconds while visible: a claim released or taken over and a review
  // submitted meanwhile show before the reviewer types anything.
  const { data: answer, isError, dataUpdatedAt } = useAnswer(id, { live: true });
  const goBack = useGoBack();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [search] = useSearchParams();
  const filters = inboxFiltersFrom(search);
  const inboxSearch = inboxSearchOf(filters);
  // An Admin's inbox is the answer's organization's; anyone else's is its own (the same one).
  const neighborFilters = {
    ...filters,
    organizationId: filters.organizationId ?? answer?.assignment.organizationId,
  };
  const neighbors = useInboxNeighbors(id, neighborFilters, valid && answer !== undefined);
  // decisions.md#review-loop §4: claim the answer while reviewing it; another's claim shows the banner.
  const claim = useAnswerClaim(
    id,
    valid && answer?.canReview === true,
    answer && { claim: answer.claim, at: dataUpdatedAt },
  );
  // Read only while another reviewer holds the answer, or before the claim call has answered: no
  // rating, typing, comment or draft until the reviewer takes over.
  const readOnly = claim.heldBy !== undefined || !claim.asked;
  const goTo = (answerId: number) => void navigate(paths.review(answerId, inboxSearch));
  /**
   * After a submit: refresh the inbox; 'Submit and next' asks where to go now (the page's
   * neighbors were read when it opened: answers claimed or submitted since would be missed), and
   * goes on, or back to the inbox when no other answer is left for this reviewer.
   */
  const onSubmitted = async (next: boolean) => {
    void client.invalidateQueries({ queryKey: reviewInboxKeys.all });
    if (!next) return;
    let nextId: number | null;
    try {
      nextId = (await getInboxNeighbors(id, neighborFilters)).nextWaitingId;
    } catch {
      // Not reachable now: the neighbors the page has.
      nextId = neighbors.data?.nextWaitingId ?? null;
    }
    if (nextId !== null) goTo(nextId);
    else
      void navigate(paths.reviewInbox(inboxSearch), {
        state: { caughtUp: true } satisfies ReviewInboxLocationState,
      });
  };

  useEffect(() => {
    if (!valid || isError) goBack();
  }, [valid, isError, goBack]);

  if (!answer) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const trainee = `${answer.user.firstName} ${answer.user.lastName}`;
  return (
    <>
      <PageTitle title={format.reviewTitle(answer.assignment.name, trainee)} />
      {/* The top bar cuts a long title on a phone: the trainee's name stays whole here. */}
      <Text hiddenFrom="sm" fw={600} mb="sm" data-testid="review-trainee">
        {trainee}
      </Text>
      <ReviewNavigation
        neighbors={neighbors.data}
        onGo={goTo}
        inboxHref={paths.reviewInbox(inboxSearch)}
      />
      {claim.heldBy ? (
        <ClaimBanner
          claim={claim.heldBy}
          onTakeOver={() => void claim.takeOver()}
          takingOver={claim.takingOver}
        />
      ) : null}
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <VideoPlayer
            key={answer.id}
            answerId={answer.id}
            organizationId={answer.assignment.organizationId}
            questions={answer.questions}
            items={answer.data.interviewAnswer.answers}
            comments={{ canAdd: answer.canReview && !readOnly, reviewedAt: answer.reviewedAt }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ReviewPanel
            key={answer.id}
            answer={answer}
            printReport={
              // Print Report downloads the spreadsheet in one click (the spec); decisions.md#console-flows §15's
              // printable scorecard of this answer is its own button beside it.
              <Group gap="xs" wrap="nowrap">
                <PrintReportButton assignmentId={answer.assignmentId} size="xs" />
                <ScorecardButton href={paths.scorecard(answer.id, inboxSearch, true)} size="xs" />
              </Group>
            }
            onSubmitted={(next) => void onSubmitted(next)}
            readOnly={readOnly}
            onDraftRefused={claim.recheck}
          />
          {/* decisions.md#review-loop §5: the answer's earlier reviews, per the policy. */}
          <ReviewHistory key={`history-${answer.id}`} answer={answer} />
        </Grid.Col>
      </Grid>
    </>
  );
}
