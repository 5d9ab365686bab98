/**
 * The headline figures above the insights (decisions.md#insights-and-administration §1 'Done when'): small stat cards, one of them
 * the weakest criterion, so the question "which criterion is my cohort weakest on?" is answered
 * before any chart is read.
 */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMean, insightsText } from '../../../config/insights-text';
import type { CriterionFigure } from '../model';

export interface Figure {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  /** A figure that answers the page's question: drawn with a colored edge. */
  color?: string;
}

/** A row of stat cards (2 per line on a phone). */
export function Headline({ figures }: { figures: Figure[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: figures.length > 3 ? 4 : figures.length }} spacing="sm">
      {figures.map((f) => (
        <Paper
          key={f.label}
          withBorder
          radius="md"
          p="sm"
          style={
            f.color ? { borderLeft: `4px solid var(--mantine-color-${f.color}-6)` } : undefined
          }
          data-figure={f.label}
        >
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {f.label}
          </Text>
          <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {f.value}
          </Text>
          {f.hint && (
            <Text size="xs" c="dimmed">
              {f.hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The headline figure of the weakest (red edge) or strongest (green edge) criterion: its text and
 * 'mean m over n ratings', or 'none' when nothing is rated yet.
 */
export function criterionFigure(
  which: 'weakest' | 'strongest',
  extremes: { weakest: CriterionFigure; strongest: CriterionFigure } | null,
): Figure {
  const f = extremes?.[which];
  return {
    label: which === 'weakest' ? insightsText.weakestCriterion : insightsText.strongestCriterion,
    value: f ? f.criterion.text : insightsText.none,
    hint: f ? insightsText.meanOf(formatMean(f.mean), f.count) : undefined,
    color: f ? (which === 'weakest' ? 'red' : 'green') : undefined,
  };
}
