/** Frame of the public pages (app page, result pages, 404): brand on top, one centred card. */
import { Box, Center, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@shared/components/brand-mark';

/** A calm, centred page with one card. */
export function PublicPage({ children, width = 460 }: { children: ReactNode; width?: number }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={width} gap="xl">
        <Center>
          <Box component={Link} to="/" style={{ textDecoration: 'none', color: 'inherit' }}>
            <BrandMark />
          </Box>
        </Center>
        <Paper p={32} shadow="sm">
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
