/**
 * Pure helpers of the insights views (decisions.md#insights-and-administration §1): names, the weakest criterion, and the rows
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

/**
 * The x axis of a diverging chart of gaps to the mean (stars): symmetric around 0, at least ±2 and
 * wide enough for every gap in `values`, with whole-star ticks — every star up to ±3, every second
 * star beyond (so five to seven labels fit a 375 px screen). Answers the domain and the ticks.
 */
export function deltaAxis(values: readonly number[]): {
  domain: [number, number];
  ticks: number[];
} {
  const widest = values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const step = widest > 3 ? 2 : 1;
  const reach = Math.max(2, Math.ceil(widest / step) * step);
  const ticks: number[] = [];
  for (let t = -reach; t <= reach; t += step) ticks.push(t);
  return { domain: [-reach, reach], ticks };
}

/**
 * Spreads the equal values of one chart point apart so their dots do not hide each other: takes
 * the series' values at that point (stars; null: none) and answers them with each group of `k`
 * equal values moved around their value by `step` stars apart (at most `spread` stars in all), in
 * the series' order; unique values and nulls stay as they are. For display only: the table, the
 * CSV and the tooltip (rounded) keep the real stars.
 */
export function spreadTies(
  values: readonly (number | null)[],
  step = 0.3,
  spread = 0.6,
): (number | null)[] {
  const groups = new Map<number, number[]>();
  values.forEach((v, i) => {
    if (v !== null) groups.set(v, [...(groups.get(v) ?? []), i]);
  });
  const out = [...values];
  for (const [value, indexes] of groups) {
    const k = indexes.length;
    if (k < 2) continue;
    const gap = Math.min(step, spread / (k - 1));
    indexes.forEach((index, j) => {
      out[index] = value + (j - (k - 1) / 2) * gap;
    });
  }
  return out;
}

/**
 * The axis of a count (ratings, answers) up to `max`: whole-number ticks from 0 in steps of 1, 2,
 * 5, 10, 20, 50 … so that at most six labels show, and the domain ending on the last tick. Never
 * a fractional tick such as 0.75 of a rating.
 */
export function countAxis(max: number): { domain: [number, number]; ticks: number[] } {
  const top = Math.max(1, Math.ceil(max));
  let step = 1;
  for (let unit = 1; ; unit *= 10) {
    const found = [1, 2, 5].map((m) => m * unit).find((s) => Math.ceil(top / s) <= 5);
    if (found !== undefined) {
      step = found;
      break;
    }
  }
  const end = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= end; t += step) ticks.push(t);
  return { domain: [0, end], ticks };
}
