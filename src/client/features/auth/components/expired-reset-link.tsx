import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import { NarrowCardPage } from '../../../components/narrow-card-page';
import { ForgotPasswordBox } from './forgot-password-box';

/** Instead of a form that could only fail: the reset link is spent, so ask for a new one right here. */
export function ExpiredResetLink() {
  const [, navigate] = useLocation();
  return (
    <NarrowCardPage>
      <Stack gap="md">
        <Stack align="center" gap="sm">
          <ThemeIcon color="red" variant="light" size={56} radius="xl" aria-hidden>
            <IconClockX size={36} />
          </ThemeIcon>
          <Title order={1} size="h2" ta="center">
            Lenken er brukt eller utløpt
          </Title>
          <Text ta="center">
            Lenken for å tilbakestille passordet er allerede brukt, er erstattet av en nyere lenke, eller har
            utløpt. Be om en ny lenke nedenfor.
          </Text>
        </Stack>
        <ForgotPasswordBox
          initialEmail=""
          title="Be om en ny lenke"
          intro="Skriv inn e-postadressen din, så sender vi deg en ny lenke for å velge passord."
        />
        <Button variant="subtle" onClick={() => navigate('/')} style={{ alignSelf: 'center' }}>
          Tilbake til forsiden
        </Button>
      </Stack>
    </NarrowCardPage>
  );
}
