import { Anchor, Box, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Section, StaticPage } from '../../../components/static-page';
import { COOKIES, type CookieDescription } from './cookie-list';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={600}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One cookie as a card of facts rather than a table row: four columns did not fit a phone, and the page
 * scrolled sideways (decision 029).
 */
function CookieCard({ cookie }: { cookie: CookieDescription }) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          <Code fz="inherit">{cookie.name}</Code>
        </Title>
        <Stack component="dl" gap="xs" m={0}>
          <Fact term="Formål">{cookie.purpose}</Fact>
          <Fact term="Varighet">{cookie.lifetime}</Fact>
          <Fact term="Når du logger ut">{cookie.atLogout}</Fact>
          <Fact term="Tilgang">HttpOnly: bare serveren kan lese den, ikke skript på siden.</Fact>
          <Fact term="Type">Strengt nødvendig, førstepart</Fact>
          <Fact term="Navn over HTTPS">
            <Code style={{ overflowWrap: 'anywhere' }}>{cookie.httpsName}</Code>
          </Fact>
        </Stack>
      </Stack>
    </Paper>
  );
}

export function CookiesPage() {
  return (
    <StaticPage
      title="Informasjonskapsler (cookies)"
      lead="Budrunde bruker to informasjonskapsler, og bare de som trengs for at du skal kunne logge inn trygt."
    >
      <Section title="Informasjonskapslene vi bruker">
        <Box
          component="ul"
          aria-label="Informasjonskapsler på Budrunde"
          p={0}
          m={0}
          style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-md)' }}
        >
          {COOKIES.map((cookie) => (
            <CookieCard key={cookie.name} cookie={cookie} />
          ))}
        </Box>
      </Section>

      <Section title="Slik fungerer de">
        <List spacing="xs">
          <List.Item>
            Begge settes først når du logger inn. Besøker du bare sidene, settes ingen informasjonskapsel.
          </List.Item>
          <List.Item>
            Begge er merket HttpOnly, slik at skript på siden ikke kan lese dem, og SameSite=Lax, som
            beskytter mot at andre nettsteder sender forespørsler i ditt navn. Over HTTPS sendes de bare
            kryptert, og bare til Budrunde.
          </List.Item>
          <List.Item>
            Når du logger ut, avsluttes økten, og informasjonskapselen for innloggingen slettes.
            Informasjonskapselen som kjenner igjen nettleseren, blir liggende til den utløper eller du sletter
            den.
          </List.Item>
        </List>
      </Section>

      <Section title="Ingen sporing">
        <Text>
          Vi bruker ingen informasjonskapsler for analyse, statistikk eller annonser, og ingen
          informasjonskapsler fra tredjeparter. Fordi begge informasjonskapslene er strengt nødvendige for å
          levere og sikre innloggingen du har bedt om, er de unntatt fra kravet om samtykke i ekomloven (§
          3-15, tidligere § 2-7b). Derfor viser vi ikke noe samtykkebanner.
        </Text>
        <Text>
          Du kan slette eller blokkere informasjonskapsler i nettleseren din, men da kan du ikke logge inn.
          Les mer om hvordan vi behandler personopplysninger i{' '}
          <Anchor component={Link} href="/personvern" underline="always">
            personvernerklæringen
          </Anchor>
          .
        </Text>
      </Section>
    </StaticPage>
  );
}
