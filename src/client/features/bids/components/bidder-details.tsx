import { Anchor, SimpleGrid, Text } from '@mantine/core';
import type { BidderDetails as Bidder } from '../../../../shared/schemas/bid';
import { LabeledText, LabeledValue } from '../../../components/labeled-value';
import { TAP_TARGET } from '../../../components/tap-target';
import { type Verification, VerificationBadges } from './verification-badges';

/** 'kari.nordmann@example.no' as ['kari', '.nordmann', '@example', '.no'], each with where it starts. */
function emailParts(email: string): { part: string; offset: number }[] {
  let offset = 0;
  return email.split(/(?=[@.])/).map((part) => {
    const start = offset;
    offset += part.length;
    return { part, offset: start };
  });
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A phone number that calls with one tap. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Anchor size="sm" href={telHref(phone)} {...TAP_TARGET}>
      {phone}
    </Anchor>
  );
}

/** An e-mail address that mails with one tap, broken only between its parts: after '@' and dots. */
export function EmailLink({ email }: { email: string }) {
  return (
    <Anchor size="sm" href={`mailto:${email}`} style={{ overflowWrap: 'anywhere' }} {...TAP_TARGET}>
      {emailParts(email).map(({ part, offset }) => (
        <Text span inherit key={offset}>
          {offset > 0 ? <wbr /> : null}
          {part}
        </Text>
      ))}
    </Anchor>
  );
}

function Phone({ label, phone }: { label: string; phone: string | null }) {
  if (!phone) return <LabeledText labelSize="xs" label={label} value={null} />;
  return (
    <LabeledValue label={label} labelSize="xs">
      <PhoneLink phone={phone} />
    </LabeledValue>
  );
}

/**
 * Who bid, with contact and bank details: only in the owner's and admins' detailed view. Phone numbers and
 * the address call and mail with one tap.
 */
export function BidderDetails({ user, verification }: { user: Bidder; verification?: Verification }) {
  return (
    <>
      {verification ? (
        <VerificationBadges
          identityVerified={verification.bidderIdentityVerified}
          phoneVerified={verification.bidderPhoneVerified}
          mb="xs"
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        <LabeledText labelSize="xs" label="Navn" value={`${user.firstName} ${user.lastName}`.trim()} />
        {user.email ? (
          <LabeledValue label="E-post" labelSize="xs">
            <EmailLink email={user.email} />
          </LabeledValue>
        ) : (
          <LabeledText labelSize="xs" label="E-post" value={null} />
        )}
        <Phone label="Telefon" phone={user.phone} />
        <LabeledText labelSize="xs" label="Adresse" value={user.address} />
        <LabeledText labelSize="xs" label="Bank" value={user.bankName} />
        <LabeledText labelSize="xs" label="Kontaktperson i banken" value={user.bankContactName} />
        <Phone label="Telefon til bankkontakt" phone={user.bankContactPhone} />
      </SimpleGrid>
    </>
  );
}
