/**
 * A trainee's progress on user detail (decisions.md#insights-and-administration §1): their practice counts, and their stars per
 * criterion across their reviewed assignments over time (a line per criterion, switchable to a
 * table, downloadable as `user-{id}-progress.csv`). Carries the charts: loaded only when the
 * Progress tab opens (trainee-progress-tab.tsx).
 */
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Stack, useMatches } from '@mantine/core';
import type { TraineeProgress } from '@practica/contract';
import { IconChartLine } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { EmptyState } from '../../../components/empty-state';
import { formatMean, formatStarTick, insightsText } from '../../../config/insights-text';
import { useTraineeProgress } from '../api/get-insights';
import { csvFileName } from '../csv';
import { criterionSeries, extremeCriteria, seriesKey, spreadTies, starsOf } from '../model';
import { DataView, type ViewColumn } from './data-view';
import { criterionFigure, Headline } from './headline';
import { InsightQuery } from './insight-query';

type Review = TraineeProgress['reviews'][number];

/** The progress of trainee `userId` (loads it). */
export default function TraineeProgressView({ userId }: { userId: number }) {
  return (
    <InsightQuery query={useTraineeProgress(userId)}>
      {(data) => <TraineeProgressContent progress={data} />}
    </InsightQuery>
  );
}

/** The progress of loaded `progress`. */
export function TraineeProgressContent({ progress }: { progress: TraineeProgress }) {
  const { criteria, reviews, practice } = progress;
  const day = (r: Review) => dayjs(r.reviewedAt).format('YYYY-MM-DD');
  // The weakest criterion over the trainee's reviews: the lowest mean of their stars.
  const figures = criteria.map((criterion) => {
    const stars = reviews
      .map((r) => starsOf(r.ratings, criterion.questionId))
      .filter((s): s is number => s !== null);
    return {
      criterion,
      count: stars.length,
      mean: stars.length ? stars.reduce((a, b) => a + b, 0) / stars.length : null,
    };
  });
  const extremes = extremeCriteria(figures);
  // On a phone the legend takes several lines: the plot keeps room for the spread dots.
  const chartHeight = useMatches({ base: 360, sm: 280 });
  const columns: ViewColumn<Review>[] = [
    { key: 'date', header: insightsText.reviewedAt, value: day },
    { key: 'assignment', header: insightsText.assignment, value: (r) => r.assignment.title },
    { key: 'score', header: insightsText.score, value: (r) => formatMean(r.score), align: 'right' },
    {
      key: 'practice',
      header: insightsText.practiceSessions,
      value: (r) => r.practiceCounter,
      align: 'right',
    },
    ...criteria.map((c) => ({
      key: `c${c.questionId}`,
      header: c.text,
      value: (r: Review) => starsOf(r.ratings, c.questionId) ?? insightsText.none,
      align: 'right' as const,
    })),
  ];
  // Criteria with the same stars in a review are drawn a little apart, so no dot hides another
  // (the tooltip rounds back to the real stars; the table and the CSV file keep them).
  const data = reviews.map((r) => {
    const row: Record<string, string | number | null> = {
      label: `${day(r)} · ${r.assignment.title}`,
    };
    const stars = spreadTies(criteria.map((c) => starsOf(r.ratings, c.questionId)));
    criteria.forEach((c, i) => {
      row[seriesKey(c.questionId)] = stars[i] ?? null;
    });
    return row;
  });
  return (
    <Stack gap="md">
      <Headline
        figures={[
          criterionFigure('weakest', extremes),
          { label: insightsText.assignments, value: practice.assignments },
          {
            label: `${insightsText.reviewed} / ${insightsText.toReview} / ${insightsText.pending}`,
            value: `${practice.reviewed} / ${practice.submitted} / ${practice.pending}`,
          },
          { label: insightsText.practiceSessions, value: practice.sessions },
        ]}
      />
      <DataView
        title={insightsText.progressTitle}
        caption={insightsText.progressCaption}
        columns={columns}
        rows={reviews}
        rowKey={(r) => r.answerId}
        fileName={csvFileName('user', progress.userId, 'progress')}
        empty={
          <EmptyState
            icon={<IconChartLine size={24} stroke={1.5} />}
            title={insightsText.noProgress}
            description={insightsText.noProgressHint}
          />
        }
        chart={
          <LineChart
            h={chartHeight}
            data={data}
            dataKey="label"
            withLegend
            connectNulls
            // Half a star of room above 5 and below 1 for the spread dots.
            yAxisProps={{
              domain: [0.5, 5.5],
              ticks: [1, 2, 3, 4, 5],
              interval: 0,
              tickFormatter: formatStarTick,
            }}
            valueFormatter={(v) => insightsText.starsHeader(Math.round(v))}
            xAxisProps={{ tickFormatter: (v: string) => v.slice(0, 10) }}
            series={criterionSeries(criteria)}
          />
        }
      />
    </Stack>
  );
}
