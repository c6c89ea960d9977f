import { PASSKEYS_REMOVED } from '../../shared/schemas/auth';
import { renderMail } from './layout';
import type { Mail } from './mailer';

interface Recipient {
  email: string;
  firstName: string;
}

const hello = (r: Recipient) => `Hei ${r.firstName}!`;

export function verificationMail(r: Recipient, url: string): Mail {
  return renderMail(r.email, {
    subject: 'Bekreft e-postadressen din hos Budrunde',
    greeting: hello(r),
    paragraphs: [
      'Takk for at du registrerte deg som budgiver hos Budrunde.',
      'Bekreft e-postadressen din for å kunne logge inn, følge budrunder og legge inn bud.',
    ],
    action: { label: 'Bekreft e-postadressen', url },
    notes: [
      'Lenken gjelder i 24 timer og kan brukes én gang.',
      'Har du ikke registrert deg, kan du se bort fra denne e-posten.',
    ],
  });
}

export function passwordResetMail(r: Recipient, url: string): Mail {
  return renderMail(r.email, {
    subject: 'Tilbakestill passordet ditt hos Budrunde',
    greeting: hello(r),
    paragraphs: ['Vi har fått en forespørsel om å tilbakestille passordet til kontoen din.'],
    action: { label: 'Velg nytt passord', url },
    notes: [
      'Lenken gjelder i 1 time og kan brukes én gang.',
      'Når du har valgt nytt passord, er du logget ut på alle enheter, og alle passnøkler er fjernet.',
      'Har du ikke bedt om dette, kan du se bort fra e-posten. Passordet ditt er da uendret.',
    ],
  });
}

/** After the mailed link was used: the owner hears what the reset ended (decision 052). */
export function passwordResetDoneMail(r: Recipient, appUrl: string): Mail {
  return renderMail(r.email, {
    subject: 'Passordet ditt hos Budrunde er tilbakestilt',
    greeting: hello(r),
    paragraphs: [
      'Passordet til kontoen din er tilbakestilt med lenken vi sendte deg, og du er logget ut på alle enheter.',
      PASSKEYS_REMOVED,
      'Var det ikke deg? Bruk «Glemt passordet?» når du logger inn for å velge et nytt passord, og kontakt oss.',
    ],
    action: { label: 'Logg inn', url: `${appUrl}/?login=1` },
  });
}

/**
 * To the owner of an address someone tried to register again. Registration answers as if the address were
 * new, so that the form does not tell strangers who has an account; this mail tells the owner instead.
 */
export function accountExistsMail(r: Recipient, appUrl: string): Mail {
  return renderMail(r.email, {
    subject: 'Du har allerede en konto hos Budrunde',
    greeting: hello(r),
    paragraphs: [
      'Noen, kanskje du, prøvde nettopp å registrere en ny konto hos Budrunde med denne e-postadressen. Du har allerede en konto hos oss, så ingen ny konto er opprettet.',
      'Logg inn med e-postadressen og passordet ditt. Har du glemt passordet, trykker du «Glemt passordet?» i innloggingsvinduet, så sender vi deg en lenke for å tilbakestille det.',
    ],
    action: { label: 'Logg inn', url: `${appUrl}/?login=1` },
    notes: ['Var det ikke deg? Da kan du se bort fra denne e-posten. Kontoen din er ikke endret.'],
  });
}

export function passwordChangedMail(r: Recipient, appUrl: string): Mail {
  return renderMail(r.email, {
    subject: 'Passordet ditt hos Budrunde er endret',
    greeting: hello(r),
    paragraphs: [
      'Passordet til kontoen din er nå endret, og du er logget ut på andre enheter.',
      'Var det ikke deg? Bruk «Glemt passordet?» når du logger inn for å velge et nytt passord, og kontakt oss.',
    ],
    action: { label: 'Gå til Budrunde', url: appUrl },
  });
}

export function accountDeletedMail(email: string, firstName: string): Mail {
  return renderMail(email, {
    subject: 'Kontoen din hos Budrunde er slettet',
    greeting: `Hei ${firstName}!`,
    paragraphs: [
      'Kontoen din er slettet, og personopplysningene dine er fjernet.',
      'Budene du har lagt inn er bevart uten navn og kontaktinformasjon, fordi budjournalen skal oppbevares.',
    ],
  });
}

export function accountApprovedMail(r: Recipient, appUrl: string): Mail {
  return renderMail(r.email, {
    subject: 'Kontoen din hos Budrunde er godkjent',
    greeting: hello(r),
    paragraphs: [
      'En administrator har godkjent kontoen din og bekreftet e-postadressen din.',
      'Du kan nå logge inn, følge budrunder og legge inn bud.',
    ],
    action: { label: 'Logg inn', url: `${appUrl}/?login=1` },
  });
}

/** The password itself is never in the mail: the administrator gives it to the user another way. */
export function passwordSetByAdminMail(r: Recipient, appUrl: string): Mail {
  return renderMail(r.email, {
    subject: 'En administrator har endret passordet ditt hos Budrunde',
    greeting: hello(r),
    paragraphs: [
      'En administrator hos Budrunde har satt et nytt passord på kontoen din. Du er logget ut på alle enheter.',
      PASSKEYS_REMOVED,
      'Det nye passordet får du fra administratoren. Vi sender aldri passord på e-post.',
      'Har du ikke bedt om dette? Bruk «Glemt passordet?» når du logger inn, og kontakt oss.',
    ],
    action: { label: 'Logg inn', url: `${appUrl}/?login=1` },
  });
}

/** To the old address: a changed e-mail is how accounts are taken over, so the owner must hear of it. */
export function emailChangedByAdminMail(oldEmail: string, firstName: string, newEmail: string): Mail {
  return renderMail(oldEmail, {
    subject: 'E-postadressen på kontoen din hos Budrunde er endret',
    greeting: `Hei ${firstName}!`,
    paragraphs: [
      `En administrator har endret e-postadressen på kontoen din til ${newEmail}.`,
      'Fra nå av logger du inn med den nye adressen, og e-post fra oss går dit.',
      'Kjenner du ikke igjen dette? Kontakt oss med en gang.',
    ],
  });
}

/**
 * Sent when a passkey is added (decision 037): someone with the session and the password could add their own.
 */
export function passkeyAddedMail(r: Recipient, passkeyName: string, appUrl: string): Mail {
  return renderMail(r.email, {
    subject: 'En passnøkkel ble lagt til på kontoen din',
    greeting: hello(r),
    paragraphs: [
      `En passnøkkel med navnet «${passkeyName}» ble nettopp lagt til på kontoen din hos Budrunde. Med den kan du logge inn uten passord.`,
      'Var det ikke deg? Logg inn, fjern passnøkkelen under «Din profil» → «Passnøkler», og endre passordet ditt.',
    ],
    action: { label: 'Gå til Budrunde', url: `${appUrl}/?login=1` },
  });
}

export function passkeyRemovedMail(r: Recipient, passkeyName: string, appUrl: string): Mail {
  return renderMail(r.email, {
    subject: 'En passnøkkel ble fjernet fra kontoen din',
    greeting: hello(r),
    paragraphs: [
      `Passnøkkelen «${passkeyName}» ble nettopp fjernet fra kontoen din hos Budrunde. Den kan ikke lenger brukes til å logge inn.`,
      'Var det ikke deg? Logg inn og endre passordet ditt.',
    ],
    action: { label: 'Gå til Budrunde', url: `${appUrl}/?login=1` },
  });
}

/**
 * To the account a person verified first, when the same person tries to verify another (decision 064): one
 * person, one account, and the owner must hear of a second account in their name.
 */
export function identityUsedAgainMail(r: Recipient, provider: string, appUrl: string): Mail {
  return renderMail(r.email, {
    subject: `Noen prøvde å bruke ${provider}-en din på en annen konto`,
    greeting: hello(r),
    paragraphs: [
      `Identiteten din er bekreftet med ${provider} på denne kontoen hos Budrunde. Nå prøvde noen å bekrefte en annen konto med den samme identiteten.`,
      'Det ble ikke godtatt: én person kan bare ha én bekreftet konto. Den andre kontoen er ikke bekreftet.',
      'Var det deg, kan du fortsette å bruke denne kontoen. Var det ikke deg, bør du kontakte oss og banken din med en gang.',
    ],
    action: { label: 'Gå til Budrunde', url: appUrl },
  });
}
