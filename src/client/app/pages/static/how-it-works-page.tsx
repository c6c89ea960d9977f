import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'wouter';
import { Section, StaticPage, SubSection } from '../../../components/static-page';

export function HowItWorksPage() {
  return (
    <StaticPage
      title="Slik fungerer det"
      lead="Budrunde gir selgere og budgivere en åpen, skriftlig og sporbar budrunde på nett – fra første bud til ferdig budjournal."
    >
      <Section title="Kom i gang">
        <Text>
          For å følge budrunder og legge inn bud må du registrere deg som budgiver. Du oppgir navn, e-post,
          telefonnummer og adresse. Opplysninger om bank og kontaktperson i banken er frivillige, men gjør det
          enklere for selgeren å vurdere finansieringen din.
        </Text>
        <Text>
          Etter registreringen får du en e-post med en bekreftelseslenke som gjelder i 24 timer. Du kan ikke
          logge inn før e-postadressen er bekreftet. Har lenken utløpt, kan du be om en ny når du prøver å
          logge inn.
        </Text>
      </Section>

      <Section title="Slik er en budrunde bygget opp">
        <Text>Selgeren oppretter budrunden og bestemmer rammene for den:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>Startpris</strong> – det laveste beløpet et bud kan ha. Selgeren kan endre startprisen
            mens budrunden er åpen, men aldri til over det høyeste budet.
          </List.Item>
          <List.Item>
            <strong>Budfrist for budrunden</strong> – tidspunktet da budrunden stenger. Etter budfristen kan
            ingen legge inn flere bud.
          </List.Item>
          <List.Item>
            <strong>Korteste akseptfrist</strong> – det tidligste tidspunktet akseptfristen på et bud kan
            settes til. Det gir alle interessenter tid til å vurdere eiendommen, for eksempel etter siste
            visning.
          </List.Item>
        </List>
      </Section>

      <Section title="Slik legger du inn bud">
        <List spacing="xs">
          <List.Item>
            <strong>Beløp:</strong> hele kroner, minst startprisen og høyere enn det høyeste budet så langt.
          </List.Item>
          <List.Item>
            <strong>Forbehold (valgfritt):</strong> for eksempel om finansiering, salg av egen bolig eller
            teknisk befaring. Forbeholdene vises sammen med budet.
          </List.Item>
          <List.Item>
            <strong>Akseptfrist:</strong> hvor lenge du er bundet av budet. Den må være minst 30 minutter frem
            i tid og kan ikke være før budrundens korteste akseptfrist.
          </List.Item>
        </List>
        <Text>
          Før budet sendes, får du se en bekreftelse der beløpet også står skrevet med bokstaver, slik at du
          kan sjekke at du ikke har tastet feil. Når budet er registrert, får du en skriftlig kvittering på
          e-post med beløp, forbehold, akseptfrist og tidspunktet budet ble mottatt.
        </Text>
        <Alert
          color="yellow"
          title="Bud er juridisk bindende"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          Et bud er et bindende tilbud om å kjøpe eiendommen. Blir budet akseptert innen akseptfristen, er du
          forpliktet til å kjøpe eiendommen til den prisen og på de vilkårene du har oppgitt. Et bud kan ikke
          trekkes tilbake eller endres etter at det er sendt inn. Vil du by mer, legger du inn et nytt og
          høyere bud.
        </Alert>
      </Section>

      <Section title="Anonymitet">
        <Text>
          Budgivere er anonyme for hverandre. Du ser beløp, forbehold og akseptfrist på alle bud, men de andre
          budgiverne vises bare som «Budgiver A», «Budgiver B» og så videre, i den rekkefølgen de først bød.
          Dine egne bud er merket «Ditt bud». Selgeren og administratorene ser hvem som har budt, slik at
          selgeren kan ta kontakt og vurdere budene.
        </Text>
      </Section>

      <Section title="Følg en budrunde og få varsler">
        <Text>
          Du kan følge en budrunde for å få beskjed hver gang det kommer et nytt bud. Varselet kommer på
          e-post, og på SMS når selgeren har slått på SMS-varsler for budrunden. Når du legger inn et bud,
          begynner du automatisk å følge budrunden. Du kan slutte å følge den når som helst. Varslene oppgir
          eiendommen og beløpet, aldri hvem som bød.
        </Text>
      </Section>

      <Section title="Slik avsluttes en budrunde">
        <SubSection title="Selgeren aksepterer et bud">
          <Text>
            Selgeren står fritt til å velge hvilket bud som skal aksepteres, og må ikke velge det høyeste.
            Bare bud der akseptfristen ennå ikke har gått ut, kan aksepteres. Valget er bindende og kan ikke
            angres. Budrunden stenges, og alle deltakere får beskjed på e-post.
          </Text>
        </SubSection>
        <SubSection title="Selgeren lukker budrunden">
          <Text>
            Selgeren kan også lukke budrunden uten å akseptere noe bud. Det er endelig og kan ikke angres.
          </Text>
        </SubSection>
        <SubSection title="Budfristen går ut">
          <Text>
            Når budfristen for budrunden er nådd, avsluttes budrunden automatisk, og ingen flere bud kan
            legges inn.
          </Text>
        </SubSection>
      </Section>

      <Section title="Budjournal">
        <Text>
          Når en budrunde avsluttes, får alle deltakere en budjournal, slik eiendomsmeglingsforskriften § 3-5
          krever. Journalen viser for hvert bud når det ble mottatt, beløp, forbehold og akseptfrist, og når
          og hvordan budrunden ble avsluttet. Selgeren får en fullstendig journal. Budgivere får en
          anonymisert kopi der egne bud er merket og de andre budgiverne vises som «Budgiver A», «Budgiver B»
          og så videre.
        </Text>
      </Section>

      <Section title="Tid og klokke">
        <Text>
          Alle tidspunkter vises i norsk tid (Europe/Oslo), uansett hvor du befinner deg. Det er serverens
          klokke som avgjør når et bud er mottatt og om en frist er ute – ikke klokken på din egen maskin.
        </Text>
        <Text>
          Har du spørsmål, kan du lese{' '}
          <Anchor component={Link} href="/vilkaar" underline="always">
            vilkårene for bruk
          </Anchor>{' '}
          eller{' '}
          <Anchor component={Link} href="/contact" underline="always">
            kontakte oss
          </Anchor>
          .
        </Text>
      </Section>
    </StaticPage>
  );
}
