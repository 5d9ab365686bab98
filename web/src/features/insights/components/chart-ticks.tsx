/**
 * Axis labels of the insights' horizontal bar charts (criteria, reviewers, reviewer pairs): a
 * category's name wraps onto up to three lines within the axis' width and ends in '…' beyond
 * (the full name is the label's title and is in the table), and every category keeps its label —
 * recharts' default hides labels it finds too close, which dropped two of four criteria at 375 px.
 * Used with a band per category tall enough for three lines (`categoryBand`).
 */
import { Text } from 'recharts';

/** Height of one category of a horizontal bar chart (px), by screen: room for three label lines. */
export const categoryBand = { narrow: 60, wide: 44 } as const;

/** Lines a category label may take before it ends in '…'. */
const maxLines = 3;

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}

/**
 * The y-axis props of a horizontal bar chart whose categories are names: `width` px for the labels,
 * every label shown, each wrapped (`CategoryTick`).
 */
export function categoryAxis(width: number) {
  return {
    width,
    interval: 0,
    tick: (props: TickProps) => <CategoryTick {...props} width={width - 12} />,
  };
}

/** One category's label: right-aligned against the axis, wrapped to `width` px, centred on its band. */
export function CategoryTick({ x, y, payload, width }: TickProps & { width: number }) {
  const label = String(payload?.value ?? '');
  return (
    <g data-category-tick="">
      <title>{label}</title>
      <Text
        x={Number(x) - 6}
        y={Number(y)}
        width={width}
        maxLines={maxLines}
        textAnchor="end"
        verticalAnchor="middle"
        fontSize={12}
        fill="currentColor"
      >
        {label}
      </Text>
    </g>
  );
}
