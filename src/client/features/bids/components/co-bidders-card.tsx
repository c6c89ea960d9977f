import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { formatShortDateTime } from '../../../../shared/format/date';
import { MAX_CO_BIDDERS } from '../../../../shared/rules/buyers';
import type { CoBidderList, CoBidderMember } from '../../../../shared/schemas/co-bidder';
import { STATUS_COLORS } from '../../../app/theme';
import { ApiError } from '../../../lib/api';
import {
  ownGroupOf,
  useAnswerInvitation,
  useCoBidders,
  useInviteCoBidder,
  useLeaveGroup,
} from '../api/use-co-bidders';
import { CoBidderActDialog } from './co-bidder-act-dialog';

// 'Byr du sammen med noen?' (decision 065): the bidder's group in the round, the invitations to them, and
// the form to invite a co-bidder. Shown to bidders only; the owner sees the group on each bid.

const STATE_TEXT: Record<CoBidderMember['state'], { label: string; color: string }> = {
  accepted: { label: 'Med', color: STATUS_COLORS.active },
  invited: { label: 'Invitert', color: 'blue.8' },
  declined: { label: 'Takket nei', color: 'gray.7' },
  left: { label: 'Trakk seg', color: 'gray.7' },
  lapsed: { label: 'Utløpt', color: 'gray.7' },
};

const open = (m: CoBidderMember) => m.state === 'accepted' || m.state === 'invited';

function Members({ members }: { members: CoBidderMember[] }) {
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Budgivergruppen">
      {members.map((m) => (
        <Group component="li" key={m.id} gap="xs" wrap="wrap" justify="space-between">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {m.isYou ? `${m.name} (deg)` : m.name}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {formatShortDateTime(m.since)}
            </Text>
            <Badge variant="filled" color={STATE_TEXT[m.state].color}>
              {STATE_TEXT[m.state].label}
            </Badge>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

function Invitation({
  roundId,
  invitation,
}: {
  roundId: string;
  invitation: CoBidderList['invitations'][number];
}) {
  const answer = useAnswerInvitation(roundId);
  const [accepting, setAccepting] = useState(false);
  const others = invitation.members.join(' og ');
  return (
    <Paper withBorder radius="md" p="sm" bg="blue.0" data-testid="co-bidder-invitation">
      <Stack gap="xs">
        <Text fw={700}>{invitation.invitedBy} vil by sammen med deg</Text>
        <Text size="sm">
          Godtar du, gir du {others} og deg selv gjensidig fullmakt: et bud fra én av dere binder dere alle.
          Du kan senere trekke fullmakten for nye bud.
        </Text>
        <Group gap="xs">
          <Button size="sm" onClick={() => setAccepting(true)} disabled={answer.isPending}>
            Godta invitasjonen
          </Button>
          <Button
            size="sm"
            variant="default"
            loading={answer.isPending && answer.variables?.answer === 'decline'}
            onClick={() => answer.mutate({ id: invitation.id, answer: 'decline' })}
          >
            Avslå
          </Button>
        </Group>
      </Stack>
      <CoBidderActDialog
        opened={accepting}
        title="Godta invitasjonen"
        points={[
          `Du gir ${others} og deg selv gjensidig fullmakt til å by på vegne av dere alle i denne budrunden.`,
          'Et bud fra én av dere er bindende for dere alle.',
          'Andre budgivere ser dere som én budgiver.',
        ]}
        act={{ act: 'co-bidder-accept', invitationId: invitation.id }}
        signLabel="Signer og godta"
        plainLabel="Godta"
        mustSign="Fullmakten må signeres med passnøkkel."
        what="Svaret"
        pending={answer.isPending}
        onClose={() => setAccepting(false)}
        onConfirm={(signature) =>
          answer.mutate(
            { id: invitation.id, answer: 'accept', signature },
            { onSettled: () => setAccepting(false) },
          )
        }
      />
    </Paper>
  );
}

function InviteForm({ roundId }: { roundId: string }) {
  const invite = useInviteCoBidder(roundId);
  const [email, setEmail] = useState('');
  const error = invite.error instanceof ApiError ? invite.error.message : invite.error ? 'Prøv igjen' : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(email.trim(), { onSuccess: () => setEmail('') });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label="Legg til medbudgiver"
          description="E-postadressen personen har, eller skal registrere seg med, hos Budrunde"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (invite.error) invite.reset();
          }}
          error={error}
        />
        <Group>
          <Button type="submit" variant="light" loading={invite.isPending} disabled={!email.trim()}>
            Send invitasjon
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LeaveButton({ roundId, others }: { roundId: string; others: string }) {
  const leave = useLeaveGroup(roundId);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Group>
        <Button size="xs" variant="subtle" color="red.9" onClick={() => setOpened(true)}>
          Trekk fullmakten
        </Button>
      </Group>
      <CoBidderActDialog
        opened={opened}
        title="Trekk fullmakten"
        points={[
          `Nye bud fra ${others} binder ikke deg.`,
          'Bud som ble gitt mens du var med, står ved lag for alle som var med da.',
          'De andre i gruppen får beskjed.',
        ]}
        act={{ act: 'co-bidder-leave', bidRoundId: roundId }}
        signLabel="Signer og trekk fullmakten"
        plainLabel="Trekk fullmakten"
        mustSign="Tilbaketrekkingen må signeres med passnøkkel."
        what="Tilbaketrekkingen"
        pending={leave.isPending}
        onClose={() => setOpened(false)}
        onConfirm={(signature) => leave.mutate(signature, { onSettled: () => setOpened(false) })}
      />
    </>
  );
}

/** Invitations to the viewer, above the bid form, where they are seen first. */
export function CoBidderInvitations({ roundId }: { roundId: string }) {
  const invitations = useCoBidders(roundId).data?.invitations.filter((i) => i.state === 'invited') ?? [];
  if (invitations.length === 0) return null;
  return (
    <Stack gap="xs">
      {invitations.map((invitation) => (
        <Invitation key={invitation.id} roundId={roundId} invitation={invitation} />
      ))}
    </Stack>
  );
}

/** The card on the round page: who you bid with, and 'Legg til medbudgiver'. */
export function CoBiddersCard({ roundId, isOpen }: { roundId: string; isOpen: boolean }) {
  const query = useCoBidders(roundId);
  const list = query.data;
  if (!list) return null;
  const members = ownGroupOf(list);
  const you = members.find((m) => m.isYou);
  const inGroup = you?.state === 'accepted';
  const others = members.filter((m) => !m.isYou && m.state === 'accepted').map((m) => m.name);
  const places = members.filter(open).length;
  const canInvite = isOpen && (!you || inGroup) && (places === 0 || places < MAX_CO_BIDDERS + 1);
  if (!isOpen && members.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="co-bidders">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {others.length ? 'Dere byr sammen' : 'Byr du sammen med noen?'}
        </Title>
        {others.length ? (
          <Text size="sm">
            Et bud fra én av dere binder dere alle. Andre budgivere ser dere som én budgiver.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Kjøper du sammen med noen, kan dere by som én budgiver. Hver av dere kan by, og budet binder dere
            begge.
          </Text>
        )}
        {members.length ? <Members members={members} /> : null}
        {canInvite ? <InviteForm roundId={roundId} /> : null}
        {isOpen && inGroup && others.length ? (
          <LeaveButton roundId={roundId} others={others.join(' og ')} />
        ) : null}
      </Stack>
    </Paper>
  );
}
