import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatViewingWhen, isViewingOver } from '../../../../shared/format/viewing-time';
import type { ViewingView } from '../../../../shared/schemas/bid-round';
import { STATUS_COLORS } from '../../../app/theme';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TAP_TARGET } from '../../../components/tap-target';
import { showToast } from '../../../lib/toast';
import { calendarUrl, useRemoveViewing, useSetSignedUp } from '../api/use-viewings';
import { ViewingSignupList } from './viewing-signup-list';

export interface ViewingItemProps {
  roundId: string;
  viewing: ViewingView;
  now: Date;
  /** The round is open: viewings can be signed up for and removed. */
  open: boolean;
  /** Owner or admin: removes viewings and reads the visningsliste. */
  canManage: boolean;
  /** Signed up, or null for the owner, who does not sign up for their own viewing. */
  signedUp: boolean | null;
}

/** One viewing: when, the note, 'Legg i kalender', signing up, and for the owner the list and 'Fjern'. */
export function ViewingItem({ roundId, viewing, now, open, canManage, signedUp }: ViewingItemProps) {
  const when = formatViewingWhen(viewing.startsAt, viewing.endsAt, now);
  const over = isViewingOver(viewing, now);
  // One that has begun stays (the server refuses too): buyers may have come, and the 12:00 rule counts it.
  const begun = Date.parse(viewing.startsAt) <= now.getTime();
  return (
    <Stack component="li" gap={4} data-testid="viewing">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          Visning {when}
        </Text>
        {over ? (
          <Badge color={STATUS_COLORS.closed} variant="filled">
            Visningen er over
          </Badge>
        ) : null}
        {!over && signedUp ? (
          <Badge color={STATUS_COLORS.active} variant="filled">
            Du er påmeldt
          </Badge>
        ) : null}
      </Group>
      {viewing.note ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {viewing.note}
        </Text>
      ) : null}
      {/* A decided or ended round offers no viewing: nothing to put in a calendar or sign up for. */}
      {over || !open ? null : (
        <Group gap="sm" wrap="wrap">
          <Anchor
            size="sm"
            href={calendarUrl(roundId, viewing.id)}
            download
            aria-label={`Legg i kalender: visning ${when}`}
            {...TAP_TARGET}
          >
            <IconCalendarPlus
              size={16}
              aria-hidden
              style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
            />
            Legg i kalender
          </Anchor>
          {open && signedUp !== null ? (
            <SignupButton roundId={roundId} viewingId={viewing.id} when={when} signedUp={signedUp} />
          ) : null}
          {open && canManage && !begun ? (
            <RemoveViewingButton roundId={roundId} viewingId={viewing.id} when={when} />
          ) : null}
        </Group>
      )}
      {canManage ? <ViewingSignupList roundId={roundId} viewingId={viewing.id} when={when} /> : null}
    </Stack>
  );
}

function SignupButton({
  roundId,
  viewingId,
  when,
  signedUp,
}: {
  roundId: string;
  viewingId: string;
  when: string;
  signedUp: boolean;
}) {
  const setSignedUp = useSetSignedUp(roundId);
  const toggle = () =>
    setSignedUp.mutate(
      { viewingId, signUp: !signedUp },
      {
        onSuccess: ({ signedUp: now }) =>
          showToast(
            now
              ? { title: 'Du er påmeldt visningen', message: `Visning ${when}. Du følger nå budrunden.` }
              : { title: 'Du er meldt av visningen', message: `Visning ${when}.` },
          ),
        // The server's own words: an unverified e-mail, a closed round, a viewing that is gone.
        onError: (error) =>
          showToast({
            title: signedUp ? 'Kunne ikke melde deg av' : 'Kunne ikke melde deg på',
            message: error.message,
            variant: 'destructive',
          }),
      },
    );
  return (
    <Button
      size="xs"
      variant={signedUp ? 'default' : 'filled'}
      onClick={toggle}
      loading={setSignedUp.isPending}
      aria-label={signedUp ? `Meld av visning ${when}` : `Meld deg på visning ${when}`}
    >
      {signedUp ? 'Meld av' : 'Meld deg på visning'}
    </Button>
  );
}

function RemoveViewingButton({
  roundId,
  viewingId,
  when,
}: {
  roundId: string;
  viewingId: string;
  when: string;
}) {
  const [asking, setAsking] = useState(false);
  const remove = useRemoveViewing(roundId);
  const confirm = () =>
    remove.mutate(viewingId, {
      onSuccess: () => {
        setAsking(false);
        showToast({ title: 'Visning fjernet', message: `Visning ${when} er fjernet.` });
      },
      onError: (error) => {
        setAsking(false);
        showToast({ title: 'Kunne ikke fjerne visningen', message: error.message, variant: 'destructive' });
      },
    });
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        onClick={() => setAsking(true)}
        aria-label={`Fjern visning ${when}`}
      >
        Fjern visning
      </Button>
      {asking ? (
        <ConfirmDialog
          opened
          title="Fjern visning"
          confirmLabel="Fjern visning"
          onConfirm={confirm}
          onClose={() => setAsking(false)}
          loading={remove.isPending}
        >
          <Text size="sm">
            Visning {when} fjernes fra budrunden. Korteste akseptfrist regnes ut på nytt etter de visningene
            som er igjen.
          </Text>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
