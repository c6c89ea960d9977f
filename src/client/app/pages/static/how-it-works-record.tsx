import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'wouter';
import { Section } from '../../../components/static-page';

/**
 * 'Slik fungerer det': the seller's answers, signing with a passkey, viewings and the 12:00 rule, and the
 * round's chain, in plain bokmål (decisions 034, 035, 039, 041, 045, 040 and 057 say what the product does).
 */
export function HowItWorksRecord() {
  return (
    <>
      <Section title="Avslag, motbud og aksept">
        <List spacing="xs">
          <List.Item>
            <strong>Avslag:</strong> selgeren kan avslå et bud, med eller uten en melding til deg. Et avslått
            bud binder deg ikke lenger, og det teller ikke når nye bud skal være høyere.
          </List.Item>
          <List.Item>
            <strong>Motbud:</strong> selgeren kan svare på budet ditt med et høyere beløp, en frist og
            eventuelle forbehold. Du kan akseptere eller avslå motbudet, og selgeren kan trekke det så lenge
            du ikke har svart. De andre budgiverne ser at du har fått et motbud, beløpet og fristen, men ikke
            vilkårene.
          </List.Item>
          <List.Item>
            <strong>Aksept:</strong> aksepterer du motbudet, blir det ditt bud på motbudets beløp og vilkår,
            og handelen er bindende for både deg og selgeren. Budrunden avsluttes da.
          </List.Item>
        </List>
        <Text>
          Får du et motbud, står det opprinnelige budet ditt til akseptfristen, med mindre selgeren avslår
          det.
        </Text>
      </Section>

      <Section title="Signering med passnøkkel">
        <Text>
          En passnøkkel er en innlogging uten passord. Den ligger på telefonen eller datamaskinen din og låses
          opp med ansiktet, fingeren eller PIN-koden din. Du legger den til under «Din profil».
        </Text>
        <Text>
          Har du en passnøkkel, signerer du bindende handlinger med den: bud og aksept av motbud, og for
          selgeren avslag, motbud og valg av vinner. Før du signerer, ser du hele teksten du godtar: beløpet i
          tall og bokstaver, forbeholdene og akseptfristen.
        </Text>
        <Text>
          Signaturen viser at det var din passnøkkel som godtok nettopp denne teksten, og den kan kontrolleres
          av alle som får budjournalen, også lenge etterpå. Den viser ikke hvem du er slik BankID gjør, bare
          at det var din nøkkel.
        </Text>
      </Section>

      <Section title="Visninger og 12-regelen">
        <Text>
          Selgeren legger visningene inn i budrunden. Du kan legge en visning i kalenderen din og melde deg
          på, og selgeren ser hvem som kommer.
        </Text>
        <Text>
          Etter en annonsert visning kan ingen akseptfrist være tidligere enn kl. 12.00 første virkedag etter
          siste visning (forskrift om eiendomsmegling § 6-3). Lørdager, søndager og helligdager er ikke
          virkedager. Budrunde passer på dette selv: korteste akseptfrist flyttes når en visning legges inn
          eller fjernes, og et bud med kortere akseptfrist blir ikke tatt imot.
        </Text>
      </Section>

      <Section title="Budjournalens kjede: kontroller den selv">
        <Text>
          Hver handling i budrunden – bud, avslag, motbud, svar, valg av vinner og lukking – blir et ledd i en
          kjede, der hvert ledd bærer et fingeravtrykk (en hash) av leddet før. Endres eller fjernes en
          handling i ettertid, stemmer ikke kjeden lenger fra det stedet.
        </Text>
        <Text>
          Budrunde signerer kjeden med sin egen nøkkel. Kvitteringene du får på e-post nevner leddet
          handlingen din fikk, og når budrunden er slutt, får alle deltakere kjedens siste ledd, signert. Ta
          vare på e-postene: de viser hvordan kjeden så ut, og ingen kan endre dem i ettertid.
        </Text>
        <Text>
          Last ned kjeden fra budjournalen («Last ned kjeden (JSON)») og kontroller den på siden{' '}
          <Anchor component={Link} href="/kontroller-budjournal" underline="always">
            Kontroller budjournal
          </Anchor>
          . Filen blir kontrollert i nettleseren din og lastes ikke opp. Andre budgivere vises bare som
          «Budgiver A» og så videre, og vilkår og meldinger ser bare de som har rett til å se dem.
        </Text>
      </Section>
    </>
  );
}
