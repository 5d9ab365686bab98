/** The frame of the app's public pages (sign-in, forgot password): the mark, the name, a card. */
import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '@shared/components/brand-mark';
import { appText } from './app-text';

/**
 * Centred card under the app's mark, full height, 360 px wide screens included. `nameIsHeading`
 * makes the app's name the page's h1 (for a card whose own heading is an h2).
 */
export function PublicCard({
  children,
  nameIsHeading = false,
}: {
  children: ReactNode;
  nameIsHeading?: boolean;
}) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Box w="100%" maw={400}>
        <Stack align="center" gap={6} mb="lg">
          <BrandLogo size={44} />
          <Text component={nameIsHeading ? 'h1' : 'p'} fw={700} size="lg" m={0}>
            {appText.appName}
          </Text>
        </Stack>
        <Paper p={{ base: 'lg', xs: 32 }} shadow="sm">
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
