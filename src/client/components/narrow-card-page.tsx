import { Container, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** A single centred card, for short one-task pages such as verifying an e-mail or resetting a password. */
export function NarrowCardPage({ children }: { children: ReactNode }) {
  return (
    <Container size="xs" py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder p="xl" shadow="sm">
        {children}
      </Paper>
    </Container>
  );
}
