import { Anchor, Code, List, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'wouter';
import { Section, StaticPage, SubSection } from '../../../components/static-page';
import { useContactInfo } from '../../../features/site/use-contact-info';
import { COOKIES } from './cookie-list';

export function PrivacyPage() {
  const contact = useContactInfo();

  return (
    <StaticPage
      title="Personvernerklæring"
      lead="Her forklarer vi hvilke personopplysninger Budrunde behandler, hvorfor vi gjør det, og hvilke rettigheter du har."
    >
      <Section title="Behandlingsansvarlig">
        <Text>
          Budrunde er behandlingsansvarlig for personopplysningene som behandles i tjenesten. Spørsmål om
          personvern kan sendes til oss på e-post:
        </Text>
        {contact ? (
          <Text>
            <Anchor href={`mailto:${contact.email}`} underline="always">
              {contact.email}
            </Anchor>
          </Text>
        ) : (
          <div aria-busy="true">
            <VisuallyHidden>Laster e-postadresse …</VisuallyHidden>
            <Skeleton height={16} width="40%" radius="sm" />
          </div>
        )}
      </Section>

      <Section title="Hvilke opplysninger vi behandler, og hvorfor">
        <SubSection title="Konto og kontaktopplysninger">
          <Text>
            Navn, e-postadresse, telefonnummer og adresse. Vi bruker dem til å opprette og sikre kontoen din,
            bekrefte e-postadressen, sende varsler og kvitteringer, og slik at selgeren vet hvem som har budt.
            Passordet ditt lagres bare som en kryptografisk hash.
          </Text>
        </SubSection>
        <SubSection title="Finansiering (valgfritt)">
          <Text>
            Banknavn, navn på kontaktperson i banken og kontaktpersonens telefonnummer, hvis du oppgir dem. De
            hjelper selgeren med å vurdere finansieringen bak budet ditt.
          </Text>
        </SubSection>
        <SubSection title="Bud, følger og budjournaler">
          <Text>
            For hvert bud lagrer vi beløp, forbehold, akseptfrist og tidspunktet budet ble mottatt. Vi lagrer
            også hvilke budrunder du følger, slik at vi kan varsle deg om nye bud. Når en budrunde avsluttes,
            lager vi budjournaler. De er den skriftlige dokumentasjonen av budrunden som
            eiendomsmeglingsforskriften § 3-5 krever.
          </Text>
        </SubSection>
        <SubSection title="Innlogging">
          <Text>
            Når du logger inn, oppretter vi en økt på serveren som holder deg innlogget. Økten er knyttet til
            nettleseren din med en informasjonskapsel. En annen informasjonskapsel husker at nettleseren har
            logget inn på kontoen din før, slik at du fortsatt kan logge inn derfra selv om noen prøver å
            gjette passordet ditt fra andre steder.
          </Text>
          <Text mt="xs">
            Legger du til en passnøkkel, lagrer vi navnet du gir den, når den ble lagt til og sist brukt, og
            den offentlige delen av nøkkelen. Den hemmelige delen forlater aldri enheten din. Passnøklene
            slettes når du fjerner dem eller sletter kontoen.
          </Text>
        </SubSection>
      </Section>

      <Section title="Rettslig grunnlag">
        <List spacing="xs">
          <List.Item>
            <strong>Avtale</strong> (personvernforordningen art. 6 nr. 1 bokstav b): for å levere tjenesten du
            har registrert deg for – konto, innlogging, bud, varsler og kvitteringer.
          </List.Item>
          <List.Item>
            <strong>Rettslig forpliktelse</strong> (art. 6 nr. 1 bokstav c): for å føre og oppbevare
            budjournaler etter eiendomsmeglingsforskriften § 3-5.
          </List.Item>
          <List.Item>
            <strong>Berettiget interesse</strong> (art. 6 nr. 1 bokstav f): for å sikre tjenesten mot misbruk,
            gi brukerstøtte og kunne dokumentere hva som skjedde i en budrunde ved en tvist.
          </List.Item>
        </List>
      </Section>

      <Section title="Hvem som ser opplysningene dine">
        <List spacing="xs">
          <List.Item>
            Andre budgivere ser aldri hvem du er. De ser bare beløp, forbehold og akseptfrist, og deg som
            «Budgiver A», «Budgiver B» og så videre.
          </List.Item>
          <List.Item>
            Selgeren av eiendommen ser navn, e-post, telefon, adresse og eventuelle bankopplysninger for dem
            som byr, og navn og e-post for dem som følger budrunden.
          </List.Item>
          <List.Item>
            Oppretter du en budrunde, vises navnet, telefonnummeret og e-postadressen din til innloggede
            brukere.
          </List.Item>
          <List.Item>
            Administratorene i Budrunde ser alle opplysninger for å drifte tjenesten og gi hjelp.
          </List.Item>
        </List>
        <Text>Vi selger aldri personopplysninger og bruker dem ikke til markedsføring.</Text>
      </Section>

      <Section title="Databehandlere">
        <Text>
          Vi bruker en leverandør for utsending av e-post og en leverandør for utsending av SMS. De får bare
          de opplysningene som trengs for å levere meldingen – e-postadresse eller telefonnummer og selve
          meldingen – og behandler dem etter databehandleravtale med oss.
        </Text>
      </Section>

      <Section title="Hvor lenge vi lagrer opplysningene">
        <Text>
          Kontoopplysningene lagres så lenge du har konto hos oss. Lenker for å bekrefte e-post gjelder i 24
          timer, og lenker for nytt passord i én time. En innlogget økt varer til du logger ut, etter 7 dager
          uten aktivitet, og aldri mer enn 30 dager. Informasjonskapselen som kjenner igjen nettleseren din,
          varer i 180 dager fra siste innlogging. Bud og budjournaler oppbevares også etter at budrunden er
          avsluttet, fordi de er den skriftlige dokumentasjonen av budrunden. Meldinger vi har sendt deg,
          slettes fra køen etter 7 dager, og forespørsler om nytt passord 90 dager etter at de er behandlet.
        </Text>
      </Section>

      <Section title="Slik sletter du kontoen din">
        <Text>
          Du kan slette kontoen din selv under «Din profil», eller be oss om å gjøre det. Da fjerner vi
          personopplysningene dine: navnet erstattes med «Slettet bruker», e-post, telefon, adresse og
          bankopplysninger fjernes, du logges ut overalt, og du slutter å følge budrunder. Har du egne åpne
          budrunder, lukkes de først med budjournal. Budene dine blir liggende anonymisert, fordi budjournalen
          må oppbevares. I journalene står du da oppført som «Slettet bruker».
        </Text>
      </Section>

      <Section title="Dine rettigheter">
        <Text>Etter personvernregelverket har du rett til</Text>
        <List spacing="xs">
          <List.Item>innsyn i opplysningene vi har om deg</List.Item>
          <List.Item>retting av feil opplysninger – det meste kan du endre selv under «Din profil»</List.Item>
          <List.Item>sletting av opplysninger vi ikke lenger har grunnlag for å lagre</List.Item>
          <List.Item>begrensning av behandlingen</List.Item>
          <List.Item>
            dataportabilitet – å få utlevert opplysningene dine i et maskinlesbart format: under «Din profil»
            kan du laste ned alt vi har om deg («Last ned mine data»)
          </List.Item>
          <List.Item>å protestere mot behandling som bygger på berettiget interesse</List.Item>
        </List>
        <Text>
          Send oss en e-post, så svarer vi innen én måned. Mener du at vi behandler personopplysninger i strid
          med regelverket, kan du klage til{' '}
          <Anchor href="https://www.datatilsynet.no" underline="always">
            Datatilsynet
          </Anchor>
          .
        </Text>
      </Section>

      <Section title="Informasjonskapsler">
        <Text>
          Vi bruker bare de to informasjonskapslene som trengs for at du skal kunne logge inn trygt, og ingen
          for analyse, annonser eller sporing:
        </Text>
        <List spacing="xs" aria-label="Informasjonskapsler på Budrunde">
          {COOKIES.map((cookie) => (
            <List.Item key={cookie.name}>
              <Code>{cookie.name}</Code>: {cookie.purpose} {cookie.lifetime} Når du logger ut:{' '}
              {cookie.atLogout.charAt(0).toLowerCase() + cookie.atLogout.slice(1)}
            </List.Item>
          ))}
        </List>
        <Text>
          Les mer i{' '}
          <Anchor component={Link} href="/cookies" underline="always">
            oversikten over informasjonskapsler
          </Anchor>{' '}
          og i{' '}
          <Anchor component={Link} href="/vilkaar" underline="always">
            vilkårene for bruk
          </Anchor>
          .
        </Text>
      </Section>
    </StaticPage>
  );
}
