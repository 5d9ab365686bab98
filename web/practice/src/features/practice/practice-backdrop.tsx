/** The environment image behind the practice, with the content on a readable card. */
import { Box, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PracticeBackdropProps {
  imageUrl: string | null;
  children: ReactNode;
}

/** `children` on a card over the environment image (a plain background without one). */
export function PracticeBackdrop({ imageUrl, children }: PracticeBackdropProps) {
  return (
    <Box
      p={{ base: 6, sm: 'xl' }}
      bg={imageUrl ? undefined : 'gray.1'}
      style={{
        backgroundImage: imageUrl ? `url("${imageUrl}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        borderRadius: 'var(--mantine-radius-lg)',
      }}
    >
      <Paper maw={760} mx="auto" p={{ base: 'sm', sm: 'lg' }} radius="md" shadow="md">
        {children}
      </Paper>
    </Box>
  );
}
