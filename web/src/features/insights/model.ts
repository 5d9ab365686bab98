/**
 * Pure helpers of the insights views (issue 23 §1): names, the weakest criterion, and the rows
 * the tables, charts and CSV files share.
 */
import type {
  InsightCriterion,
  InsightCriterionStats,
  InsightPerson,
  InsightRating,
} from '@practica/contract';
import { insightsText } from '../../config/insights-text';

/** 'First Last', or 'Deleted user' for an erased person (null id). */
export function personName(person: InsightPerson): string {
  if (person.id === null) return insightsText.deletedUser;
  return `${person.firstName} ${person.lastName}`.trim();
}

/** The chart series key of a criterion (its text may repeat or hold dots). */
export function seriesKey(questionId: number): string {
  return `q${questionId}`;
}

/** A criterion with its overall stats. */
export interface CriterionFigure {
  criterion: InsightCriterion;
  count: number;
  mean: number | null;
}

/**
 * The criterion with the lowest mean (the weakest) and the highest (the strongest) among those
 * rated; ties go to the earlier criterion. Null when nothing is rated.
 */
export function extremeCriteria(figures: readonly CriterionFigure[]): {
  weakest: CriterionFigure;
  strongest: CriterionFigure;
} | null {
  const rated = figures.filter((f) => f.mean !== null && f.count > 0);
  if (rated.length === 0) return null;
  let weakest = rated[0]!;
  let strongest = rated[0]!;
  for (const f of rated) {
    if (f.mean! < weakest.mean!) weakest = f;
    if (f.mean! > strongest.mean!) strongest = f;
  }
  return { weakest, strongest };
}

/** The figures of `criteria` from per-criterion stats (a missing stat counts as unrated). */
export function criterionFigures(
  criteria: readonly InsightCriterion[],
  stats: readonly InsightCriterionStats[],
): CriterionFigure[] {
  return criteria.map((criterion) => {
    const s = stats.find((x) => x.questionId === criterion.questionId);
    return { criterion, count: s?.count ?? 0, mean: s?.mean ?? null };
  });
}

/** The stars a set of ratings gives a criterion, or null. */
export function starsOf(ratings: readonly InsightRating[], questionId: number): number | null {
  return ratings.find((r) => r.questionId === questionId)?.stars ?? null;
}

/** One row of a per-group or per-reviewer table: one criterion's stats of one group/reviewer. */
export interface BreakdownRow {
  key: string;
  /** The group's or reviewer's name. */
  name: string;
  /** Answers of the group, or reviews of the reviewer. */
  size: number;
  criterion: string;
  stats: InsightCriterionStats;
}

/**
 * The long rows of a breakdown (per group or per reviewer): one row per entry and criterion, in
 * the criteria's order.
 */
export function breakdownRows(
  criteria: readonly InsightCriterion[],
  entries: readonly {
    key: string;
    name: string;
    size: number;
    criteria: InsightCriterionStats[];
  }[],
): BreakdownRow[] {
  return entries.flatMap((entry) =>
    criteria.map((criterion) => ({
      key: `${entry.key}-${criterion.questionId}`,
      name: entry.name,
      size: entry.size,
      criterion: criterion.text,
      stats: entry.criteria.find((s) => s.questionId === criterion.questionId) ?? {
        questionId: criterion.questionId,
        count: 0,
        mean: null,
        distribution: [0, 0, 0, 0, 0],
      },
    })),
  );
}

/**
 * Chart rows of a breakdown: one row per entry with its mean per criterion under the criterion's
 * series key (0 when unrated, so the bar is absent).
 */
export function breakdownChartData(
  criteria: readonly InsightCriterion[],
  entries: readonly { name: string; criteria: InsightCriterionStats[] }[],
): Record<string, string | number>[] {
  return entries.map((entry) => {
    const row: Record<string, string | number> = { name: entry.name };
    for (const c of criteria) {
      const mean = entry.criteria.find((s) => s.questionId === c.questionId)?.mean ?? null;
      row[seriesKey(c.questionId)] = mean ?? 0;
    }
    return row;
  });
}

/** The chart colors of criteria, in order (repeating after eight). */
export const seriesColors = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.6',
] as const;

/** The chart series of criteria: key, label and color. */
export function criterionSeries(criteria: readonly InsightCriterion[]) {
  return criteria.map((c, i) => ({
    name: seriesKey(c.questionId),
    label: c.text,
    color: seriesColors[i % seriesColors.length]!,
  }));
}

/** The colors of 1 to 5 stars (red to green). */
export const starColors = ['red.6', 'orange.5', 'yellow.5', 'lime.6', 'green.7'] as const;
