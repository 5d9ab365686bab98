/** The product's mark and name, used by the sidebar, the sign-in page and the app page. */
import { Group, Text } from '@mantine/core';
import { brandName } from '../config/brand';

/** The square logo mark (decorative). */
export function BrandLogo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect
        width="64"
        height="64"
        rx="14"
        fill={inverted ? '#fff' : 'var(--mantine-color-brand-7)'}
      />
      <path
        d="M22 46V18h12.5a9.5 9.5 0 0 1 0 19H28v9z"
        fill="none"
        stroke={inverted ? 'var(--mantine-color-brand-7)' : '#fff'}
        strokeWidth="6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Logo and product name, with an optional caption under the name. */
export function BrandMark({
  caption,
  size = 32,
  inverted = false,
}: {
  caption?: string;
  size?: number;
  inverted?: boolean;
}) {
  return (
    <Group gap={10} wrap="nowrap">
      <BrandLogo size={size} inverted={inverted} />
      <div>
        <Text fw={700} fz={size > 36 ? 'xl' : 'md'} lh={1.15} c={inverted ? 'white' : undefined}>
          {brandName}
        </Text>
        {caption && (
          <Text size="xs" c={inverted ? 'rgba(255,255,255,0.8)' : 'dimmed'} lh={1.2}>
            {caption}
          </Text>
        )}
      </div>
    </Group>
  );
}
