import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

export interface StaticPageProps {
  title: string;
  lead?: string;
  children: ReactNode;
}

// Long Norwegian compounds ('Personvernerklæring') at the full h1 size were wider than a 390 px phone, and
// the page scrolled sideways: the size follows the screen down to 1.5rem, and a word that still does not
// fit breaks rather than overflows.
const H1_STYLE = {
  fontSize: 'clamp(1.5rem, 7vw, var(--mantine-h1-font-size))',
  overflowWrap: 'anywhere',
} as const;

/** Shared layout for text pages: one h1, an optional lead paragraph and the page content. */
export function StaticPage({ title, lead, children }: StaticPageProps) {
  useDocumentTitle(title);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1} style={H1_STYLE}>
            {title}
          </Title>
          {lead ? <Text size="lg">{lead}</Text> : null}
        </Stack>
        <Stack gap="xl">{children}</Stack>
      </Stack>
    </Container>
  );
}

interface SectionProps {
  title: string;
  children: ReactNode;
}

/** A titled section (h2) inside a StaticPage. */
export function Section({ title, children }: SectionProps) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} id={id} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Box>
  );
}

/** A titled subsection (h3); use only inside a Section so heading levels never skip. */
export function SubSection({ title, children }: SectionProps) {
  return (
    <Stack gap="xs">
      <Title order={3}>{title}</Title>
      {children}
    </Stack>
  );
}
