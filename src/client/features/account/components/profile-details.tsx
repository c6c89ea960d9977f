import { SimpleGrid } from '@mantine/core';
import { capacityLabel } from '../../../../shared/rules/buyers';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { LabeledText } from '../../../components/labeled-value';

/** The profile in view mode. */
export function ProfileDetails({ user }: { user: CurrentUser }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <LabeledText label="Navn" value={`${user.firstName} ${user.lastName}`} />
      <LabeledText label="E-post" value={user.email} />
      <LabeledText label="Telefon" value={user.phone} />
      <LabeledText label="Adresse" value={user.address} />
      <LabeledText label="Bank" value={user.bankName} />
      <LabeledText label="Kontaktperson i banken" value={user.bankContactName} />
      <LabeledText label="Telefon til bankkontakt" value={user.bankContactPhone} />
      <LabeledText label="Jeg byr som" value={capacityLabel(user.buyerCapacity)} />
    </SimpleGrid>
  );
}
