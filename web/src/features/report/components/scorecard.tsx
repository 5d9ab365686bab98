/**
 * The printable scorecard of one reviewed answer (decisions.md#console-flows §15): the assignment and trainee, the
 * completion and review dates, the reviewer, the average score, each rating question's stars and
 * each feedback answer. One calm sheet on screen; on paper (print CSS) the page itself. The stars
 * also read as 'n / 5' so that a black-and-white print keeps them.
 */
import { Group, Paper, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { dateFormat } from '@practica/contract';
import dayjs from 'dayjs';
import { reportText as text } from '../../../config/report-text';
import { uiText } from '@shared/config/ui-text';
import type { Scorecard as ScorecardData } from '../build-scorecard';
import classes from './scorecard.module.css';

const day = (iso: string | null) => (iso ? dayjs(iso).format(dateFormat) : text.noAnswer);

export interface ScorecardProps {
  scorecard: ScorecardData;
  /** When the page is printed (the footer's date); defaults to now. */
  printedAt?: Date;
}

/** A label and its value in the scorecard's head. */
function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The scorecard sheet. */
export function Scorecard({ scorecard, printedAt = new Date() }: ScorecardProps) {
  const { score, scoreMax } = scorecard;
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.sheet}
      component="article"
      aria-labelledby="scorecard-title"
      data-testid="scorecard"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" fw={600}>
              {uiText.brandName} · {text.scorecardTitle}
            </Text>
            <Title order={1} size="h2" id="scorecard-title" style={{ overflowWrap: 'anywhere' }}>
              {scorecard.trainee}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {scorecard.assignment}
            </Text>
          </div>
          <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {text.averageScore}
            </Text>
            <Text fw={700} fz={28} lh={1.1} data-testid="scorecard-score">
              {text.outOf(score === null ? text.noAnswer : score.toFixed(1), scoreMax)}
            </Text>
            <Rating
              value={score ?? 0}
              fractions={10}
              count={scoreMax}
              readOnly
              size="sm"
              aria-hidden
            />
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
          <Fact label={text.trainee} value={scorecard.trainee} testId="scorecard-trainee" />
          <Fact
            label={text.assignment}
            value={scorecard.assignment}
            testId="scorecard-assignment"
          />
          <Fact
            label={text.completed}
            value={day(scorecard.completedAt)}
            testId="scorecard-completed"
          />
          <Fact
            label={text.practice}
            value={String(scorecard.practiceCounter)}
            testId="scorecard-practice"
          />
          <Fact
            label={text.reviewer}
            value={scorecard.reviewer ?? text.noAnswer}
            testId="scorecard-reviewer"
          />
          <Fact
            label={text.reviewed}
            value={day(scorecard.reviewedAt)}
            testId="scorecard-reviewed"
          />
        </SimpleGrid>

        <section className={classes.section} aria-labelledby="scorecard-ratings">
          <Title order={2} size="h4" mb="xs" id="scorecard-ratings">
            {text.ratings}
          </Title>
          {scorecard.ratings.length === 0 ? (
            <Text size="sm" c="dimmed">
              {text.noQuestions}
            </Text>
          ) : (
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {scorecard.ratings.map((r) => (
                <Group
                  key={r.label}
                  component="li"
                  className={classes.row}
                  justify="space-between"
                  wrap="nowrap"
                  gap="md"
                  py="xs"
                  data-testid="scorecard-rating"
                >
                  <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text span fw={700} mr={6}>
                      {r.label}
                    </Text>
                    {r.question}
                  </Text>
                  <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                    <div role="img" aria-label={text.starsLabel(r.question, r.stars, scoreMax)}>
                      <Rating value={r.stars ?? 0} count={scoreMax} readOnly size="sm" />
                    </div>
                    <Text size="sm" fw={600} w={44} ta="right" aria-hidden>
                      {text.outOf(r.stars === null ? text.noAnswer : String(r.stars), scoreMax)}
                    </Text>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </section>

        <section className={classes.section} aria-labelledby="scorecard-feedback">
          <Title order={2} size="h4" mb="xs" id="scorecard-feedback">
            {text.feedback}
          </Title>
          {scorecard.feedback.length === 0 ? (
            <Text size="sm" c="dimmed">
              {text.noQuestions}
            </Text>
          ) : (
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {scorecard.feedback.map((f) => (
                <Stack
                  key={f.label}
                  component="li"
                  className={classes.row}
                  gap={2}
                  py="xs"
                  data-testid="scorecard-feedback"
                >
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={700} mr={6} c="var(--mantine-color-text)">
                      {f.label}
                    </Text>
                    {f.question}
                  </Text>
                  <Text size="sm" className={classes.feedbackAnswer}>
                    {f.answers.length === 0 ? text.noAnswer : f.answers.join(', ')}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )}
        </section>

        <Text size="xs" c="dimmed" ta="right">
          {text.printedOn(dayjs(printedAt).format(`${dateFormat} HH:mm`))}
        </Text>
      </Stack>
    </Paper>
  );
}
