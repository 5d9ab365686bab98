/**
 * The assignment's Insights tab content (decisions.md#insights-and-administration §1): the weakest and strongest criterion and the
 * answer counts; per criterion the mean, the count and the 1–5 stars distribution; the same per
 * group and per reviewer; the reviewed trainees, best score first, with their stars; and the
 * answers Pending / to review / Reviewed over time. Each section is a chart switchable to a table
 * and downloadable as CSV (`assignment-{id}-{section}.csv`). This module carries the charts
 * (@mantine/charts, recharts): it is loaded only when the tab opens (assignment-insights-tab.tsx).
 */
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Stack, useMatches } from '@mantine/core';
import type { AssignmentInsights, InsightCriterionStats } from '@practica/contract';
import { IconChartBarOff } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { EmptyState } from '../../../components/empty-state';
import { formatMean, formatStarTick, insightsText } from '../../../config/insights-text';
import { useAssignmentInsights } from '../api/get-insights';
import { csvFileName } from '../csv';
import {
  breakdownChartData,
  breakdownRows,
  countAxis,
  criterionFigures,
  criterionSeries,
  extremeCriteria,
  personName,
  starColors,
  starsOf,
  type BreakdownRow,
} from '../model';
import { categoryAxis, categoryBand } from './chart-ticks';
import { DataView, type ViewColumn } from './data-view';
import { criterionFigure, Headline } from './headline';
import { InsightQuery } from './insight-query';

export interface AssignmentInsightsProps {
  assignmentId: number;
}

type Criterion = AssignmentInsights['criteria'][number];
type TraineeRow = AssignmentInsights['trainees'][number];
type TimelinePoint = AssignmentInsights['timeline']['points'][number];

const starKeys = [1, 2, 3, 4, 5] as const;

/** The distribution columns (1 to 5 stars) of a row holding stats. */
function distributionColumns<T>(stats: (row: T) => InsightCriterionStats): ViewColumn<T>[] {
  return starKeys.map((n) => ({
    key: `s${n}`,
    header: insightsText.starsHeader(n),
    value: (row: T) => stats(row).distribution[n - 1] ?? 0,
    align: 'right' as const,
  }));
}

/** The columns of a per-group or per-reviewer table. */
function breakdownColumns(nameHeader: string, sizeHeader: string): ViewColumn<BreakdownRow>[] {
  return [
    { key: 'name', header: nameHeader, value: (r) => r.name },
    { key: 'size', header: sizeHeader, value: (r) => r.size, align: 'right' },
    { key: 'criterion', header: insightsText.criterion, value: (r) => r.criterion },
    {
      key: 'mean',
      header: insightsText.mean,
      value: (r) => formatMean(r.stats.mean),
      align: 'right',
    },
    { key: 'count', header: insightsText.count, value: (r) => r.stats.count, align: 'right' },
    ...distributionColumns((r: BreakdownRow) => r.stats),
  ];
}

/** The Insights of assignment `assignmentId` (loads them). */
export default function AssignmentInsightsView({ assignmentId }: AssignmentInsightsProps) {
  return (
    <InsightQuery query={useAssignmentInsights(assignmentId)}>
      {(data) => <AssignmentInsightsContent insights={data} />}
    </InsightQuery>
  );
}

/** The Insights of loaded `insights`. */
export function AssignmentInsightsContent({ insights }: { insights: AssignmentInsights }) {
  const { assignmentId, criteria, overall, totals } = insights;
  const file = (table: string) => csvFileName('assignment', assignmentId, table);
  const figures = criterionFigures(criteria, overall);
  const extremes = extremeCriteria(figures);
  const rated = extremes !== null;

  const noReviews = (
    <EmptyState
      icon={<IconChartBarOff size={24} stroke={1.5} />}
      title={insightsText.noReviews}
      description={insightsText.noReviewsHint}
    />
  );

  return (
    <Stack gap="md">
      <Headline
        figures={[
          criterionFigure('weakest', extremes),
          criterionFigure('strongest', extremes),
          { label: insightsText.reviewedAnswers, value: totals.reviewed },
          {
            label: `${insightsText.toReview} / ${insightsText.pending}`,
            value: `${totals.submitted} / ${totals.pending}`,
          },
        ]}
      />
      {criteria.length === 0 ? (
        <EmptyState
          icon={<IconChartBarOff size={24} stroke={1.5} />}
          title={insightsText.noScale}
          description={insightsText.noScaleHint}
        />
      ) : (
        <>
          <CriteriaSection
            insights={insights}
            file={file('criteria')}
            empty={noReviews}
            rated={rated}
          />
          <GroupsSection insights={insights} file={file('groups')} empty={noReviews} />
          <ReviewersSection insights={insights} file={file('reviewers')} empty={noReviews} />
          <TraineesSection insights={insights} file={file('trainees')} empty={noReviews} />
        </>
      )}
      <StatusSection insights={insights} file={file('status')} />
    </Stack>
  );
}

interface SectionProps {
  insights: AssignmentInsights;
  file: string;
  empty?: React.ReactNode;
}

/** Per criterion: mean, count and the stars' distribution (stacked bars). */
function CriteriaSection({ insights, file, empty, rated }: SectionProps & { rated: boolean }) {
  const rows = criterionFigures(insights.criteria, insights.overall).map((f) => ({
    ...f,
    distribution: insights.overall.find((s) => s.questionId === f.criterion.questionId)
      ?.distribution ?? [0, 0, 0, 0, 0],
  }));
  type Row = (typeof rows)[number];
  const labelWidth = useMatches({ base: 110, sm: 160 });
  // Each criterion's band holds its wrapped name; the legend wraps to two lines on a phone.
  const band = useMatches({ base: categoryBand.narrow, sm: categoryBand.wide });
  const chrome = useMatches({ base: 100, sm: 70 });
  const columns: ViewColumn<Row>[] = [
    { key: 'criterion', header: insightsText.criterion, value: (r) => r.criterion.text },
    { key: 'mean', header: insightsText.mean, value: (r) => formatMean(r.mean), align: 'right' },
    { key: 'count', header: insightsText.count, value: (r) => r.count, align: 'right' },
    ...starKeys.map((n) => ({
      key: `s${n}`,
      header: insightsText.starsHeader(n),
      value: (r: Row) => r.distribution[n - 1] ?? 0,
      align: 'right' as const,
    })),
  ];
  const counts = countAxis(Math.max(0, ...rows.map((r) => r.count)));
  const data = rows.map((r) => ({
    criterion: r.criterion.text,
    ...Object.fromEntries(starKeys.map((n) => [`s${n}`, r.distribution[n - 1] ?? 0])),
  }));
  return (
    <DataView
      title={insightsText.criteriaTitle}
      caption={insightsText.criteriaCaption}
      columns={columns}
      rows={rated ? rows : []}
      rowKey={(r) => r.criterion.questionId}
      fileName={file}
      empty={empty}
      chart={
        <BarChart
          h={chrome + rows.length * band}
          data={data}
          dataKey="criterion"
          type="stacked"
          orientation="vertical"
          withLegend
          maxBarWidth={28}
          yAxisProps={categoryAxis(labelWidth)}
          // Counts of ratings: whole numbers only (never 0.25 or 0.75 of a rating).
          xAxisProps={{ ...counts, interval: 0 }}
          series={starKeys.map((n) => ({
            name: `s${n}`,
            label: insightsText.starsHeader(n),
            color: starColors[n - 1]!,
          }))}
        />
      }
    />
  );
}

/** Per group: each criterion's mean (grouped bars) and, in the table, count and distribution. */
function GroupsSection({ insights, file, empty }: SectionProps) {
  const entries = insights.byGroup.map((g) => ({
    key: String(g.group.id),
    name: g.group.name,
    size: g.answers,
    criteria: g.criteria,
  }));
  return (
    <DataView
      title={insightsText.groupsTitle}
      caption={insightsText.groupsCaption}
      columns={breakdownColumns(insightsText.group, insightsText.answers)}
      rows={breakdownRows(insights.criteria, entries)}
      rowKey={(r) => r.key}
      fileName={file}
      empty={empty}
      chart={<MeansChart criteria={insights.criteria} entries={entries} />}
    />
  );
}

/** Per reviewer (of the latest reviews): the same as per group. */
function ReviewersSection({ insights, file, empty }: SectionProps) {
  const entries = insights.byReviewer.map((r, i) => ({
    key: `${r.reviewer.id ?? `deleted-${i}`}`,
    name: personName(r.reviewer),
    size: r.reviews,
    criteria: r.criteria,
  }));
  return (
    <DataView
      title={insightsText.reviewersTitle}
      caption={insightsText.reviewersCaption}
      columns={breakdownColumns(insightsText.reviewer, insightsText.reviews)}
      rows={breakdownRows(insights.criteria, entries)}
      rowKey={(r) => r.key}
      fileName={file}
      empty={empty}
      chart={<MeansChart criteria={insights.criteria} entries={entries} />}
    />
  );
}

/** Grouped bars of each entry's mean per criterion (0–5). */
function MeansChart({
  criteria,
  entries,
}: {
  criteria: readonly Criterion[];
  entries: { name: string; criteria: InsightCriterionStats[] }[];
}) {
  return (
    <BarChart
      h={260}
      maxBarWidth={40}
      data={breakdownChartData(criteria, entries)}
      dataKey="name"
      withLegend
      yAxisProps={{
        domain: [0, 5],
        ticks: [0, 1, 2, 3, 4, 5],
        interval: 0,
        tickFormatter: formatStarTick,
      }}
      valueFormatter={(v) => v.toFixed(2)}
      series={criterionSeries(criteria)}
    />
  );
}

/** The reviewed trainees, best score first, with their stars per criterion (a table). */
function TraineesSection({ insights, file, empty }: SectionProps) {
  const columns: ViewColumn<TraineeRow>[] = [
    { key: 'trainee', header: insightsText.trainee, value: (t) => personName(t.user) },
    { key: 'email', header: insightsText.email, value: (t) => t.user.email },
    { key: 'score', header: insightsText.score, value: (t) => formatMean(t.score), align: 'right' },
    ...insights.criteria.map((c) => ({
      key: `c${c.questionId}`,
      header: c.text,
      value: (t: TraineeRow) => starsOf(t.ratings, c.questionId) ?? insightsText.none,
      align: 'right' as const,
    })),
    {
      key: 'reviewedAt',
      header: insightsText.reviewedAt,
      value: (t) => (t.reviewedAt ? dayjs(t.reviewedAt).format('YYYY-MM-DD') : insightsText.none),
    },
  ];
  return (
    <DataView
      title={insightsText.traineesTitle}
      caption={insightsText.traineesCaption}
      columns={columns}
      rows={insights.trainees}
      rowKey={(t) => t.answerId}
      fileName={file}
      empty={empty}
    />
  );
}

/** Answers Pending / to review / Reviewed over time (stacked shares). */
function StatusSection({ insights, file }: SectionProps) {
  const columns: ViewColumn<TimelinePoint>[] = [
    { key: 'date', header: insightsText.date, value: (p) => p.date },
    { key: 'pending', header: insightsText.pending, value: (p) => p.pending, align: 'right' },
    { key: 'submitted', header: insightsText.toReview, value: (p) => p.submitted, align: 'right' },
    { key: 'reviewed', header: insightsText.reviewed, value: (p) => p.reviewed, align: 'right' },
  ];
  return (
    <DataView
      title={insightsText.statusTitle}
      caption={insightsText.statusCaption(insights.timeline.bucket)}
      columns={columns}
      rows={insights.timeline.points}
      rowKey={(p) => p.date}
      fileName={file}
      empty={<EmptyState title={insightsText.noAnswers} />}
      chart={
        <AreaChart
          h={240}
          data={insights.timeline.points}
          dataKey="date"
          type="percent"
          withLegend
          series={[
            { name: 'pending', label: insightsText.pending, color: 'gray.5' },
            { name: 'submitted', label: insightsText.toReview, color: 'orange.5' },
            { name: 'reviewed', label: insightsText.reviewed, color: 'teal.6' },
          ]}
        />
      }
    />
  );
}
