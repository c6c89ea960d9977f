import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { BidderDetails as Bidder } from '../../../../shared/schemas/bid';

const NOT_SET = 'Ikke oppgitt';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || NOT_SET}
      </Text>
    </Stack>
  );
}

/** Who bid, with contact and bank details: only in the owner's and admins' detailed view. */
export function BidderDetails({ user }: { user: Bidder }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
      <Detail label="Navn" value={`${user.firstName} ${user.lastName}`.trim()} />
      <Detail label="E-post" value={user.email} />
      <Detail label="Telefon" value={user.phone} />
      <Detail label="Adresse" value={user.address} />
      <Detail label="Bank" value={user.bankName} />
      <Detail label="Kontaktperson i banken" value={user.bankContactName} />
      <Detail label="Telefon til bankkontakt" value={user.bankContactPhone} />
    </SimpleGrid>
  );
}
