/**
 * Reviewer consistency (decisions.md#insights-and-administration §1) of one organization, for Managers and Admins: the weakest
 * criterion, the overall agreement of reviewers and the reviewer who strays most from the mean;
 * per reviewer the number of reviews, mean score and per criterion mean, spread (SD) and gap to
 * the organization's mean (a diverging bar chart; gaps of half a star or more stand out); and
 * the agreement of each pair of reviewers who reviewed the same answers. CSV files
 * `organization-{id}-reviewers.csv` and `organization-{id}-agreement.csv`.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Badge, Stack, Text, useMatches } from '@mantine/core';
import type { ReviewerConsistency } from '@practica/contract';
import { IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import {
  formatDelta,
  formatDeltaTick,
  formatMean,
  formatShare,
  insightsText,
} from '../../../config/insights-text';
import { useReviewerConsistency } from '../api/get-insights';
import { csvFileName } from '../csv';
import { criterionSeries, deltaAxis, extremeCriteria, personName, seriesKey } from '../model';
import { categoryAxis, categoryBand } from './chart-ticks';
import { DataView, type ViewColumn } from './data-view';
import { criterionFigure, Headline } from './headline';
import { InsightQuery } from './insight-query';

/** A gap to the organization's mean (stars) from which a reviewer stands out. */
export const outlierDelta = 0.5;

type Reviewer = ReviewerConsistency['reviewers'][number];
type Pair = ReviewerConsistency['agreement']['pairs'][number];

/** The reviewer consistency of organization `organizationId` (loads it). */
export default function ReviewerConsistencyView({ organizationId }: { organizationId: number }) {
  return (
    <InsightQuery query={useReviewerConsistency(organizationId)}>
      {(data) => <ReviewerConsistencyContent consistency={data} />}
    </InsightQuery>
  );
}

/** A gap to the mean as the CSV file holds it: a number of 2 decimals, or '—' when there is none. */
function deltaFigure(delta: number | null): number | string {
  return delta === null ? insightsText.none : Math.round(delta * 100) / 100;
}

/** A gap to the mean as a badge: red below, teal above, strong from `outlierDelta`. */
function DeltaBadge({ delta }: { delta: number | null }) {
  if (delta === null)
    return (
      <Text span c="dimmed">
        {insightsText.none}
      </Text>
    );
  const strong = Math.abs(delta) >= outlierDelta;
  return (
    <Badge
      variant={strong ? 'filled' : 'light'}
      color={delta > 0 ? 'teal' : delta < 0 ? 'red' : 'gray'}
      data-outlier={strong || undefined}
    >
      {formatDelta(delta)}
    </Badge>
  );
}

/** The reviewer consistency of loaded `consistency`. */
export function ReviewerConsistencyContent({ consistency }: { consistency: ReviewerConsistency }) {
  const { criteria, reviewers, agreement, organizationId } = consistency;
  const extremes = extremeCriteria(
    criteria.map((c) => ({ criterion: c, count: c.count, mean: c.mean })),
  );
  // The reviewer and criterion with the largest gap to the organization's mean.
  let outlier: { reviewer: Reviewer; questionId: number; delta: number } | null = null;
  for (const reviewer of reviewers) {
    for (const c of reviewer.criteria) {
      if (c.delta !== null && (!outlier || Math.abs(c.delta) > Math.abs(outlier.delta)))
        outlier = { reviewer, questionId: c.questionId, delta: c.delta };
    }
  }
  const outlierCriterion = outlier
    ? (criteria.find((c) => c.questionId === outlier.questionId)?.text ?? '')
    : '';
  const stat = (r: Reviewer, questionId: number) =>
    r.criteria.find((c) => c.questionId === questionId);

  const reviewerColumns: ViewColumn<Reviewer>[] = [
    { key: 'reviewer', header: insightsText.reviewer, value: (r) => personName(r.reviewer) },
    { key: 'reviews', header: insightsText.reviews, value: (r) => r.reviews, align: 'right' },
    {
      key: 'meanScore',
      header: insightsText.meanScore,
      value: (r) => formatMean(r.meanScore),
      align: 'right',
    },
    ...criteria.flatMap((c): ViewColumn<Reviewer>[] => [
      {
        key: `m${c.questionId}`,
        header: `${c.text} · ${insightsText.mean}`,
        value: (r) => formatMean(stat(r, c.questionId)?.mean ?? null),
        align: 'right',
      },
      {
        key: `s${c.questionId}`,
        header: `${c.text} · ${insightsText.spread}`,
        value: (r) => formatMean(stat(r, c.questionId)?.stddev ?? null),
        align: 'right',
      },
      {
        key: `d${c.questionId}`,
        header: `${c.text} · ${insightsText.delta}`,
        // Exported as a number (0.8, -0.35): a spreadsheet computes with it, where the screen's
        // '+0.80' would be text needing the CSV writer's formula guard and '−0.35' no number.
        value: (r) => deltaFigure(stat(r, c.questionId)?.delta ?? null),
        cell: (r) => <DeltaBadge delta={stat(r, c.questionId)?.delta ?? null} />,
        align: 'right',
      },
    ]),
  ];
  const deltaData = reviewers.map((r) => {
    const row: Record<string, string | number> = { name: personName(r.reviewer) };
    for (const c of criteria) row[seriesKey(c.questionId)] = stat(r, c.questionId)?.delta ?? 0;
    return row;
  });
  const pairColumns: ViewColumn<Pair>[] = [
    { key: 'a', header: insightsText.reviewerA, value: (p) => personName(p.a) },
    { key: 'b', header: insightsText.reviewerB, value: (p) => personName(p.b) },
    { key: 'answers', header: insightsText.sharedAnswers, value: (p) => p.answers, align: 'right' },
    { key: 'ratings', header: insightsText.sharedRatings, value: (p) => p.ratings, align: 'right' },
    {
      key: 'exact',
      header: insightsText.exact,
      value: (p) => formatShare(p.exact),
      align: 'right',
    },
    {
      key: 'withinOne',
      header: insightsText.withinOne,
      value: (p) => formatShare(p.withinOne),
      align: 'right',
    },
  ];
  const pairName = (p: Pair) => `${personName(p.a)} & ${personName(p.b)}`;
  const labelWidth = useMatches({ base: 100, sm: 160 });
  const band = useMatches({ base: categoryBand.narrow, sm: categoryBand.wide });
  // Whole-star ticks wide enough for every gap, labelled '+1' rather than '+1.00', all of them
  // shown (the longer labels lost '+1.00' at 375 px).
  const gaps = deltaAxis(
    reviewers.flatMap((r) => r.criteria.flatMap((c) => (c.delta === null ? [] : [c.delta]))),
  );

  if (reviewers.length === 0)
    return (
      <EmptyState
        size="xl"
        icon={<IconUsers size={24} stroke={1.5} />}
        title={insightsText.noConsistency}
        description={insightsText.noConsistencyHint}
      />
    );

  const overall = agreement.overall;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {insightsText.consistencyIntro}
      </Text>
      <Headline
        figures={[
          criterionFigure('weakest', extremes),
          {
            label: insightsText.agreementOverall,
            value:
              overall.pairs > 0
                ? `${formatShare(overall.exact)} ${insightsText.exact.toLowerCase()}`
                : insightsText.none,
            hint:
              overall.pairs > 0
                ? `${formatShare(overall.withinOne)} ${insightsText.withinOne.toLowerCase()} · ${overall.ratings} ${insightsText.sharedRatings.toLowerCase()}`
                : insightsText.noPairs,
            color: overall.pairs > 0 ? 'blue' : undefined,
          },
          {
            label: insightsText.largestGap,
            value: outlier ? formatDelta(outlier.delta) : insightsText.none,
            hint: outlier
              ? insightsText.outlier(
                  personName(outlier.reviewer.reviewer),
                  formatDelta(outlier.delta),
                  outlierCriterion,
                )
              : undefined,
            color: outlier && Math.abs(outlier.delta) >= outlierDelta ? 'orange' : undefined,
          },
          { label: insightsText.reviews, value: reviewers.reduce((n, r) => n + r.reviews, 0) },
        ]}
      />
      <DataView
        title={insightsText.deltaTitle}
        caption={insightsText.reviewersTableCaption}
        columns={reviewerColumns}
        rows={reviewers}
        rowKey={(r) => r.reviewer.id ?? `deleted-${personName(r.reviewer)}`}
        fileName={csvFileName('organization', organizationId, 'reviewers')}
        summary={
          <Text size="xs" c="dimmed" mb="xs">
            {insightsText.deltaCaption}
          </Text>
        }
        chart={
          <BarChart
            h={Math.max(200, 110 + reviewers.length * Math.max(56, band))}
            data={deltaData}
            dataKey="name"
            orientation="vertical"
            withLegend
            // Room for the last tick's label ('+2', '100%') at the right edge.
            barChartProps={{ margin: { right: 14 } }}
            maxBarWidth={14}
            yAxisProps={categoryAxis(labelWidth)}
            xAxisProps={{
              domain: gaps.domain,
              ticks: gaps.ticks,
              interval: 0,
              tickFormatter: formatDeltaTick,
            }}
            valueFormatter={(v) => formatDelta(v)}
            referenceLines={[{ x: 0, color: 'gray.6' }]}
            series={criterionSeries(criteria)}
          />
        }
      />
      <DataView
        title={insightsText.agreementTitle}
        caption={insightsText.agreementCaption}
        columns={pairColumns}
        rows={agreement.pairs}
        rowKey={(p) => `${p.a.id ?? 0}-${p.b.id ?? 0}-${pairName(p)}`}
        fileName={csvFileName('organization', organizationId, 'agreement')}
        empty={<EmptyState title={insightsText.noPairs} description={insightsText.noPairsHint} />}
        chart={
          <BarChart
            h={Math.max(200, 90 + agreement.pairs.length * Math.max(56, band))}
            data={agreement.pairs.map((p) => ({
              name: pairName(p),
              exact: Math.round((p.exact ?? 0) * 100),
              withinOne: Math.round((p.withinOne ?? 0) * 100),
            }))}
            dataKey="name"
            orientation="vertical"
            withLegend
            // Room for the last tick's label ('+2', '100%') at the right edge.
            barChartProps={{ margin: { right: 14 } }}
            maxBarWidth={20}
            valueFormatter={(v) => `${v}%`}
            yAxisProps={categoryAxis(labelWidth)}
            xAxisProps={{
              domain: [0, 100],
              ticks: [0, 25, 50, 75, 100],
              interval: 0,
              tickFormatter: (v: number) => `${v}%`,
            }}
            series={[
              { name: 'exact', label: insightsText.exact, color: 'blue.6' },
              { name: 'withinOne', label: insightsText.withinOne, color: 'cyan.4' },
            ]}
          />
        }
      />
    </Stack>
  );
}
