import { SimpleGrid } from '@mantine/core';
import type { BidderDetails as Bidder } from '../../../../shared/schemas/bid';
import { LabeledText } from '../../../components/labeled-value';

/** Who bid, with contact and bank details: only in the owner's and admins' detailed view. */
export function BidderDetails({ user }: { user: Bidder }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
      <LabeledText labelSize="xs" label="Navn" value={`${user.firstName} ${user.lastName}`.trim()} />
      <LabeledText labelSize="xs" label="E-post" value={user.email} />
      <LabeledText labelSize="xs" label="Telefon" value={user.phone} />
      <LabeledText labelSize="xs" label="Adresse" value={user.address} />
      <LabeledText labelSize="xs" label="Bank" value={user.bankName} />
      <LabeledText labelSize="xs" label="Kontaktperson i banken" value={user.bankContactName} />
      <LabeledText labelSize="xs" label="Telefon til bankkontakt" value={user.bankContactPhone} />
    </SimpleGrid>
  );
}
