/**
 * /dbl/reviews/{id} (001 §2 'Review screen'; id is the answer id): title 'assignment: trainee full
 * name'; left the video player, right the review panel with Print Report when Reviewed. Goes back
 * when the answer is not found.
 */
import { Center, Grid, Loader } from '@mantine/core';
import { format } from '@practica/contract';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { PrintReportButton } from '../../features/report';
import { ReviewPanel, VideoPlayer, useAnswer } from '../../features/review';
import { useGoBack } from './go-back';

/** The review screen. */
export default function ReviewPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: answer, isError } = useAnswer(id);
  const goBack = useGoBack();

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
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <VideoPlayer
            key={answer.id}
            answerId={answer.id}
            organizationId={answer.assignment.organizationId}
            questions={answer.questions}
            items={answer.data.interviewAnswer.answers}
            comments={{ canAdd: answer.canReview, reviewedAt: answer.reviewedAt }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ReviewPanel
            key={answer.id}
            answer={answer}
            printReport={<PrintReportButton assignmentId={answer.assignmentId} size="xs" />}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
