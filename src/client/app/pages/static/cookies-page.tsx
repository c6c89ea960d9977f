import { Anchor, Code, List, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import { Section, StaticPage } from '../../../components/static-page';

export function CookiesPage() {
  return (
    <StaticPage
      title="Informasjonskapsler (cookies)"
      lead="Budrunde bruker én informasjonskapsel, og bare den som trengs for at du skal kunne logge inn."
    >
      <Section title="Informasjonskapselen vi bruker">
        <Table withTableBorder verticalSpacing="sm">
          <Table.Caption c="var(--mantine-color-text)">
            Oversikt over informasjonskapsler på Budrunde
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Navn</Table.Th>
              <Table.Th scope="col">Formål</Table.Th>
              <Table.Th scope="col">Varighet</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <Code>budrunde.sid</Code> (<Code>__Host-budrunde.sid</Code> over HTTPS)
              </Table.Td>
              <Table.Td>Holder deg innlogget ved å knytte nettleseren til økten din på serveren.</Table.Td>
              <Table.Td>
                Til du logger ut, etter 7 dager uten aktivitet, eller senest 30 dager etter innlogging.
              </Table.Td>
              <Table.Td>Strengt nødvendig, førstepart</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Section>

      <Section title="Slik fungerer den">
        <List spacing="xs">
          <List.Item>
            Den settes først når du logger inn. Besøker du bare sidene, settes ingen informasjonskapsel.
          </List.Item>
          <List.Item>
            Den inneholder bare en tilfeldig økt-ID. Opplysningene om økten og kontoen din ligger på serveren.
          </List.Item>
          <List.Item>
            Den er merket HttpOnly, slik at skript på siden ikke kan lese den, og SameSite=Lax, som beskytter
            mot at andre nettsteder sender forespørsler i ditt navn.
          </List.Item>
          <List.Item>Når du logger ut, avsluttes økten, og informasjonskapselen slettes.</List.Item>
        </List>
      </Section>

      <Section title="Ingen sporing">
        <Text>
          Vi bruker ingen informasjonskapsler for analyse, statistikk eller annonser, og ingen
          informasjonskapsler fra tredjeparter. Fordi den eneste informasjonskapselen er strengt nødvendig for
          tjenesten du har bedt om, er den unntatt fra kravet om samtykke i ekomloven § 2-7b. Derfor viser vi
          ikke noe samtykkebanner.
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
