import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { CurrentUser } from '../../../../shared/schemas/user';

const NOT_SET = 'Ikke oppgitt';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value || NOT_SET}</Text>
    </Stack>
  );
}

/** The profile in view mode. */
export function ProfileDetails({ user }: { user: CurrentUser }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Detail label="Navn" value={`${user.firstName} ${user.lastName}`} />
      <Detail label="E-post" value={user.email} />
      <Detail label="Telefon" value={user.phone} />
      <Detail label="Adresse" value={user.address} />
      <Detail label="Bank" value={user.bankName} />
      <Detail label="Kontaktperson i banken" value={user.bankContactName} />
      <Detail label="Telefon til bankkontakt" value={user.bankContactPhone} />
    </SimpleGrid>
  );
}
