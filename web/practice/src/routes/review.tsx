/**
 * /practice/assignments/:id/review: my answer's review (`GET /api/me/assignments/{id}`, its
 * `review`): the score as x/5, each rating question with its stars (read-only, with the number in
 * words for screen readers), the feedback answers, the reviewer's name and the date. Not reviewed
 * yet → a clear message and a link home. Below either, my answers' videos with their state
 * (`AnswerVideos`: the MP4 with its poster when ready) and, once reviewed, the reviewer's
 * time-coded comments on them (markers and list).
 */
import {
  Button,
  Card,
  Divider,
  Group,
  Rating,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ratingScaleMax, type MeReview } from '@practica/contract';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { StatusMessage } from '@shared/components/status-message';
import { useDocumentTitle } from '@shared/components/page-title';
import { myAssignmentQuery } from '../api/my-assignments';
import { AnswerVideos } from '../features/practice/answer-videos';
import { practicePaths } from '../app/paths';
import { appText } from '../app/app-text';
import { QueryState } from '../app/query-state';
import { BackHome } from '../app/back-home';
import { dueDateText } from './home';
import NotFoundPage from './not-found';

function reviewedLine(review: MeReview): string {
  const date = dueDateText(review.reviewedAt);
  return review.reviewer
    ? appText.reviewedBy(`${review.reviewer.firstName} ${review.reviewer.lastName}`, date)
    : appText.reviewedOn(date);
}

function ReviewView({ name, review }: { name: string; review: MeReview }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          {reviewedLine(review)}
        </Text>
      </div>
      <Card withBorder padding="lg">
        <Group gap="md" align="baseline">
          <Text fw={600}>{appText.score}</Text>
          <Text fz={32} fw={700} lh={1}>
            {review.score === null
              ? appText.noScore
              : appText.scoreOutOf(review.score, ratingScaleMax)}
          </Text>
        </Group>
      </Card>
      {review.ratings.length > 0 && (
        <Card withBorder padding="lg">
          <Title order={2} fz="lg" mb="sm">
            {appText.ratings}
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {review.ratings.map((rating, index) => (
              <li key={rating.questionId}>
                {index > 0 && <Divider mb="sm" />}
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{rating.text}</Text>
                  <div>
                    <Rating value={rating.stars} count={ratingScaleMax} readOnly aria-hidden />
                    <VisuallyHidden>
                      {appText.starsText(rating.stars, ratingScaleMax)}
                    </VisuallyHidden>
                  </div>
                </Group>
              </li>
            ))}
          </Stack>
        </Card>
      )}
      {review.feedback.length > 0 && (
        <Card withBorder padding="lg">
          <Title order={2} fz="lg" mb="sm">
            {appText.feedback}
          </Title>
          <Stack component="dl" gap="sm" m={0}>
            {review.feedback.map((item) => (
              <div key={item.questionId}>
                <Text component="dt" size="sm" fw={600}>
                  {item.text}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                  {item.answer || appText.noAnswer}
                </Text>
              </div>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** The review screen. */
export default function ReviewPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useQuery({ ...myAssignmentQuery(id), enabled: valid });
  useDocumentTitle(
    query.data ? `${appText.reviewTitle}: ${query.data.name}` : appText.reviewTitle,
    appText.appName,
  );

  if (!valid) return <NotFoundPage />;
  return (
    <Stack gap="md">
      <div>
        <BackHome />
      </div>
      {query.data === undefined ? (
        <QueryState error={query.error} retry={() => void query.refetch()} />
      ) : query.data.review ? (
        <ReviewView name={query.data.name} review={query.data.review} />
      ) : (
        <Card withBorder padding="xl">
          <StatusMessage
            icon={<IconHourglass size={28} />}
            title={appText.notReviewedTitle}
            order={1}
            action={
              <Button component={Link} to={practicePaths.home} variant="light">
                {appText.backHome}
              </Button>
            }
          >
            {appText.notReviewedBody}
          </StatusMessage>
        </Card>
      )}
      {query.data && query.data.answer.items.length > 0 && (
        <AnswerVideos
          questions={query.data.questions}
          items={query.data.answer.items}
          comments={query.data.review?.comments}
        />
      )}
    </Stack>
  );
}
