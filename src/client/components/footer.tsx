import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { getOsloParts } from '../../shared/format/date';
import { useFirstRenderTime } from '../lib/hydration';

const LINKS = [
  { href: '/how-it-works', label: 'Slik fungerer det' },
  { href: '/contact', label: 'Kontakt oss' },
  { href: '/personvern', label: 'Personvern' },
  { href: '/vilkaar', label: 'Vilkår' },
  { href: '/cookies', label: 'Informasjonskapsler' },
];

export function Footer() {
  // The year in Norway, as the server rendered it (a server in UTC is in last year for an hour at New Year).
  const year = getOsloParts(useFirstRenderTime()).year;
  return (
    <Box
      component="footer"
      py="xl"
      mt="xl"
      bg="gray.0"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg">
        <Stack gap="sm">
          <Group component="nav" aria-label="Bunntekst" gap="lg">
            {LINKS.map((link) => (
              <Anchor key={link.href} component={Link} href={link.href} size="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
          <Text size="sm">
            © {year} Budrunde · Kundeservice mandag–fredag 08:00–17:00 · Alle tider vises i norsk tid
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
