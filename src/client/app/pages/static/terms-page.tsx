import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'wouter';
import { Section, StaticPage } from '../../../components/static-page';

export function TermsPage() {
  return (
    <StaticPage
      title="Vilkår for bruk"
      lead="Disse vilkårene gjelder for alle som bruker Budrunde. Ved å registrere deg godtar du dem."
    >
      <Section title="Hvem kan bruke Budrunde">
        <List spacing="xs">
          <List.Item>Du må være minst 18 år.</List.Item>
          <List.Item>Hver person kan bare ha én konto, og kontoen er personlig.</List.Item>
          <List.Item>
            Opplysningene du oppgir, må være riktige og oppdaterte. Selgeren må kunne stole på hvem som byr.
          </List.Item>
          <List.Item>
            Du er ansvarlig for å holde passordet ditt hemmelig og for det som skjer på kontoen din.
          </List.Item>
        </List>
      </Section>

      <Section title="Bekreftet e-post">
        <Text>
          Du må bekrefte e-postadressen din før du kan logge inn, følge budrunder eller legge inn bud. Vi
          sender viktige meldinger, som kvitteringer for bud og beskjed om utfallet av en budrunde, til denne
          adressen.
        </Text>
      </Section>

      <Section title="Bud er bindende">
        <Text>
          Et bud du legger inn, er et bindende tilbud om kjøp av eiendommen etter avtaleloven. Du er bundet av
          budet frem til akseptfristen du har satt. Blir budet akseptert innen fristen, er det inngått en
          bindende avtale om kjøp til den prisen og på de vilkårene som står i budet, inkludert eventuelle
          forbehold.
        </Text>
        <Text>
          Et bud kan ikke trekkes tilbake eller endres etter at det er sendt inn. Et nytt, høyere bud er et
          eget bud. Du er selv ansvarlig for at du har finansiering til å gjennomføre kjøpet.
        </Text>
      </Section>

      <Section title="Selgerens valg av kjøper">
        <Text>
          Selgeren står fritt til å akseptere hvilket bud som helst, eller ingen bud, og trenger ikke å velge
          det høyeste. En aksept binder bare hvis den blir gitt før budets akseptfrist er ute. Tidspunktet som
          registreres av Budrundes server, avgjør. Når selgeren aksepterer et bud, er de andre budgiverne ikke
          lenger bundet av sine bud.
        </Text>
      </Section>

      <Section title="Budrunde er ikke eiendomsmegler">
        <Text>
          Budrunde er en teknisk plattform for å gjennomføre og dokumentere budrunder. Vi er ikke
          eiendomsmegler, gir ikke råd om kjøp eller salg og kontrollerer ikke eiendommene. Vi er ikke part i
          avtalen mellom kjøper og selger. Partene er selv ansvarlige for kjøpekontrakt, oppgjør, tinglysing
          og alt annet som følger av handelen. Vi anbefaler å bruke advokat eller eiendomsmegler til dette.
        </Text>
      </Section>

      <Section title="Selgerens ansvar">
        <Text>
          Den som oppretter en budrunde, må ha rett til å selge eiendommen, som eier eller med fullmakt fra
          eieren. Selgeren er ansvarlig for at opplysninger, bilder og priser er riktige og ikke villedende,
          og for å følge reglene som gjelder for salg av eiendom.
        </Text>
      </Section>

      <Section title="Forbudt bruk">
        <Text>Det er ikke tillatt å</Text>
        <List spacing="xs">
          <List.Item>
            legge inn falske bud eller bud du ikke har til hensikt eller evne til å stå ved
          </List.Item>
          <List.Item>by på egen eiendom, selv eller gjennom andre, for å presse prisen opp</List.Item>
          <List.Item>opprette flere kontoer eller bruke en annen persons konto eller opplysninger</List.Item>
          <List.Item>forsøke å finne ut hvem de anonyme budgiverne er</List.Item>
          <List.Item>forstyrre tjenesten eller forsøke å få tilgang til data du ikke har rett til</List.Item>
        </List>
      </Section>

      <Section title="Utestengning">
        <Text>
          Bryter du vilkårene, kan vi stenge kontoen din, fjerne budrunder du har opprettet, eller slette
          kontoen. Bud som allerede er lagt inn, er fortsatt bindende og blir stående i budjournalen.
        </Text>
      </Section>

      <Section title="Ansvar">
        <Text>
          Vi arbeider for at tjenesten skal være tilgjengelig og korrekt, men kan ikke garantere at den alltid
          er uten feil eller avbrudd. Budrunde er ikke ansvarlig for innholdet i bud eller annonser, for om en
          handel blir gjennomført, eller for indirekte tap. Dette begrenser ikke rettigheter du har etter
          ufravikelig lov.
        </Text>
      </Section>

      <Section title="Endringer i vilkårene">
        <Text>
          Vi kan endre vilkårene. Vesentlige endringer varsler vi på e-post før de trer i kraft. Bud som
          allerede er lagt inn, følger vilkårene som gjaldt da budet ble gitt.
        </Text>
      </Section>

      <Section title="Lovvalg">
        <Text>
          Vilkårene og bruken av Budrunde reguleres av norsk lov. Tvister skal først forsøkes løst i
          minnelighet.
        </Text>
        <Text>
          Se også{' '}
          <Anchor component={Link} href="/personvern" underline="always">
            personvernerklæringen
          </Anchor>{' '}
          og{' '}
          <Anchor component={Link} href="/how-it-works" underline="always">
            hvordan en budrunde fungerer
          </Anchor>
          .
        </Text>
      </Section>
    </StaticPage>
  );
}
