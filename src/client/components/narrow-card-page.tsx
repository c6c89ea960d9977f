import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
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

interface ResultCardProps {
  tone: 'success' | 'error';
  title: string;
  message: string;
  action: { label: string; onClick: () => void };
}

/** The end of a one-task page: a big tick or cross, what happened, and where to go next. */
export function ResultCard({ tone, title, message, action }: ResultCardProps) {
  const success = tone === 'success';
  return (
    <NarrowCardPage>
      <Stack align="center" gap="md">
        <ThemeIcon color={success ? 'green' : 'red'} variant="light" size={56} radius="xl" aria-hidden>
          {success ? <IconCircleCheck size={36} /> : <IconCircleX size={36} />}
        </ThemeIcon>
        <Title order={1} size="h2" ta="center">
          {title}
        </Title>
        <Text ta="center" role={success ? undefined : 'alert'}>
          {message}
        </Text>
        <Button variant={success ? 'filled' : 'default'} onClick={action.onClick}>
          {action.label}
        </Button>
      </Stack>
    </NarrowCardPage>
  );
}
