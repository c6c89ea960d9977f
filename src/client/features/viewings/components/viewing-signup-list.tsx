import { Anchor, Collapse, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { TAP_TARGET } from '../../../components/tap-target';
import { signupsCsvUrl, useViewingSignups } from '../api/use-viewings';

interface ViewingSignupListProps {
  roundId: string;
  viewingId: string;
  /** 'søndag 29. november kl. 13:00–14:00', for the names of the controls when a round has several. */
  when: string;
}

/**
 * 'Visningsliste (3)', for the owner and admins: who signed up for a viewing, with the phone and e-mail the
 * seller needs to reach them, and the same as CSV. Asked again each time it is opened.
 */
export function ViewingSignupList({ roundId, viewingId, when }: ViewingSignupListProps) {
  const [opened, { toggle }] = useDisclosure(false);
  const listId = useId();
  const signups = useViewingSignups(roundId, viewingId);
  const list = signups.data?.signups ?? [];
  const count = signups.data ? ` (${list.length})` : '';
  return (
    <Stack gap={4}>
      <UnstyledButton
        onClick={() => {
          if (!opened) void signups.refetch();
          toggle();
        }}
        aria-expanded={opened}
        aria-controls={listId}
        aria-label={`Visningsliste${count}, visning ${when}`}
        c="blue.8"
        fw={600}
        fz="sm"
        style={{ alignSelf: 'flex-start', minHeight: 24 }}
      >
        Visningsliste{count}
        <IconChevronDown
          size={14}
          aria-hidden
          style={{ marginLeft: 4, verticalAlign: 'middle', transform: opened ? 'rotate(180deg)' : undefined }}
        />
      </UnstyledButton>
      <Collapse expanded={opened}>
        <Stack gap="xs" id={listId} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
          {signups.isPending ? <Loader size="sm" aria-label="Laster visningslisten" /> : null}
          {signups.isError ? (
            <Text size="sm" c="red.9" role="alert">
              {`Kunne ikke hente visningslisten: ${signups.error.message}`}
            </Text>
          ) : null}
          {signups.data && list.length === 0 ? <Text size="sm">Ingen er påmeldt ennå.</Text> : null}
          {list.length > 0 ? (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((signup) => (
                <li key={signup.email} data-testid="viewing-signup">
                  <Text size="sm" fw={600}>
                    {`${signup.firstName} ${signup.lastName}`.trim()}
                  </Text>
                  {signup.phone ? (
                    <Anchor size="sm" href={`tel:${signup.phone.replace(/\s/g, '')}`} {...TAP_TARGET}>
                      {signup.phone}
                    </Anchor>
                  ) : null}
                  <Anchor
                    size="sm"
                    href={`mailto:${signup.email}`}
                    {...TAP_TARGET}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {signup.email}
                  </Anchor>
                </li>
              ))}
            </Stack>
          ) : null}
          <Anchor
            size="sm"
            href={signupsCsvUrl(roundId, viewingId)}
            download
            aria-label={`Last ned som CSV: visningslisten for ${when}`}
            {...TAP_TARGET}
          >
            Last ned som CSV
          </Anchor>
        </Stack>
      </Collapse>
    </Stack>
  );
}
