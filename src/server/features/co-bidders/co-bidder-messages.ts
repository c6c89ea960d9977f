import { MAX_CO_BIDDERS } from '../../../shared/rules/buyers';

// What a bidder group's calls answer when they refuse (decision 065), in the order a user meets them.

export const ROUND_ENDED = 'Budrunden er avsluttet. Invitasjoner til å by sammen gjelder ikke lenger.';
export const INVITATION_NOT_FOUND = 'Invitasjonen ble ikke funnet';
export const NOT_YOUR_INVITATION = 'Invitasjonen gjelder en annen person';
export const INVITING_YOURSELF = 'Du kan ikke invitere deg selv';
export const INVITING_THE_OWNER = 'Selgeren kan ikke være medbudgiver i sin egen budrunde';
export const OWNER_INVITES = 'Du kan ikke by på din egen eiendom';
export const ALREADY_INVITED = 'Personen er allerede invitert til å by sammen med deg';
export const ALREADY_MEMBER = 'Personen byr allerede sammen med deg';
export const TOO_MANY = `Dere kan være høyst ${MAX_CO_BIDDERS + 1} som byr sammen: du kan invitere høyst ${MAX_CO_BIDDERS} medbudgivere`;
export const OWN_BID_OF_YOURS = 'Du har allerede et eget bud i denne budrunden';
export const NOT_IN_A_GROUP = 'Du byr ikke sammen med andre i denne budrunden';
export const ANSWERED = {
  accepted: 'Invitasjonen er allerede godtatt',
  declined: 'Invitasjonen er allerede avslått',
  lapsed: 'Invitasjonen har gått ut',
} as const;
/** Why an invitation in `state` cannot be answered again. */
export const answeredAlready = (state: string) =>
  state === 'declined' ? ANSWERED.declined : state === 'lapsed' ? ANSWERED.lapsed : ANSWERED.accepted;
