import { Anchor, List, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'wouter';
import { Section, StaticPage } from '../../../components/static-page';
import { useContactInfo } from '../../../features/site/use-contact-info';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function ContactPage() {
  const contact = useContactInfo();

  return (
    <StaticPage
      title="Kontakt oss"
      lead="Har du spørsmål om Budrunde, kontoen din eller en budrunde? Vi hjelper deg gjerne."
    >
      <Section title="Kontaktinformasjon">
        {contact ? (
          <List spacing="xs" listStyleType="none" withPadding={false}>
            <List.Item>
              <strong>Telefon:</strong>{' '}
              <Anchor href={telHref(contact.phone)} underline="always">
                {contact.phone}
              </Anchor>
            </List.Item>
            <List.Item>
              <strong>E-post:</strong>{' '}
              <Anchor href={`mailto:${contact.email}`} underline="always">
                {contact.email}
              </Anchor>
            </List.Item>
            <List.Item>
              <strong>Postadresse:</strong> {contact.postalAddress}
            </List.Item>
          </List>
        ) : (
          <Stack gap="sm" aria-busy="true">
            <VisuallyHidden>Laster kontaktinformasjon …</VisuallyHidden>
            <Skeleton height={16} width="45%" radius="sm" />
            <Skeleton height={16} width="60%" radius="sm" />
            <Skeleton height={16} width="75%" radius="sm" />
          </Stack>
        )}
      </Section>

      <Section title="Åpningstider">
        <Text>Mandag–fredag 08:00–17:00</Text>
        <Text>
          Henvendelser på e-post utenom åpningstiden besvarer vi så snart vi kan den påfølgende arbeidsdagen.
        </Text>
      </Section>

      <Section title="Problemer med konto eller passord">
        <Text>
          Har du glemt passordet, velger du «Glemt passordet?» når du logger inn. Du får da en lenke på e-post
          som gjelder i én time. Har du ikke fått e-posten for å bekrefte kontoen, kan du be om en ny når du
          prøver å logge inn. Sjekk også søppelpostmappen.
        </Text>
        <Text>
          Kommer du fortsatt ikke inn, kan du kontakte oss på e-post fra adressen du er registrert med, eller
          ringe oss i åpningstiden. Vi ber aldri om passordet ditt.
        </Text>
      </Section>

      <Section title="Spørsmål om en eiendom eller et bud">
        <Text>
          Spørsmål om selve eiendommen, visning eller et konkret bud rettes til selgeren. Selgerens
          kontaktinformasjon står på budrunden når du er logget inn. Les mer om{' '}
          <Anchor component={Link} href="/how-it-works" underline="always">
            hvordan budrundene fungerer
          </Anchor>
          .
        </Text>
      </Section>
    </StaticPage>
  );
}
