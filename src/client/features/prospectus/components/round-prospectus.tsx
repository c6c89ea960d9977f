import { Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { formatFileSize } from '../../../../shared/format/file-names';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { useCurrentUser } from '../../auth/use-current-user';
import { isRoundOpen } from '../../bid-rounds/components/round-badges';
import { prospectusFileProblem, prospectusUrl, useProspectus } from '../api/use-prospectus';

/**
 * 'Salgsoppgave' on the round page (decision 044): a download for every signed-in user, and for the owner and
 * admins, while the round is open, 'Last opp', 'Bytt' and 'Fjern'. Nothing when there is none to show.
 */
export function RoundProspectus({ round }: { round: BidRoundView }) {
  const titleId = useId();
  const { user } = useCurrentUser();
  const now = useNow(30_000);
  const prospectus = round.property.prospectus;
  const canChange = (round.isOwner || Boolean(user?.isAdmin)) && isRoundOpen(round, now);
  if (!prospectus && !canChange) return null;
  return (
    <Stack gap={6} component="section" aria-labelledby={titleId} data-testid="round-prospectus">
      <Title order={3} size="h5" id={titleId}>
        Salgsoppgave
      </Title>
      {prospectus ? (
        <Group>
          <Button
            component="a"
            href={prospectusUrl(round.id)}
            download
            variant="light"
            // On a phone the label wraps onto two lines rather than being cut off.
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.35 } }}
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            {/* One child: the label is a flex box, and the size keeps together when the line wraps. */}
            <span>
              Last ned salgsoppgave{' '}
              <span style={{ whiteSpace: 'nowrap' }}>(PDF, {formatFileSize(prospectus.size)})</span>
            </span>
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="gray.7">
          Ingen salgsoppgave er lagt ut ennå.
        </Text>
      )}
      {canChange ? <ProspectusControls roundId={round.id} hasOne={prospectus !== null} /> : null}
    </Stack>
  );
}

function ProspectusControls({ roundId, hasOne }: { roundId: string; hasOne: boolean }) {
  const { upload, remove } = useProspectus(roundId);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, { open, close }] = useDisclosure(false);
  const resetRef = useRef<() => void>(null);

  const choose = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const local = prospectusFileProblem(file);
    setProblem(local);
    if (local) return;
    upload.mutate(file, {
      onSuccess: () => showToast({ title: hasOne ? 'Salgsoppgaven er byttet' : 'Salgsoppgaven er lagt ut' }),
      onError: (error) => setProblem(error.message || 'Kunne ikke laste opp salgsoppgaven'),
    });
  };
  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        setProblem(null);
        showToast({ title: 'Salgsoppgaven er fjernet' });
      },
      onError: (error) => {
        close();
        setProblem(error.message || 'Kunne ikke fjerne salgsoppgaven');
      },
    });

  return (
    <>
      <Group gap="xs">
        <FileButton onChange={choose} accept="application/pdf" resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              loading={upload.isPending}
              leftSection={<IconUpload size={18} aria-hidden />}
            >
              {hasOne ? 'Bytt salgsoppgave' : 'Last opp salgsoppgave (PDF)'}
            </Button>
          )}
        </FileButton>
        {hasOne ? (
          <Button
            variant="subtle"
            color="red"
            c="red.9"
            onClick={open}
            leftSection={<IconTrash size={18} aria-hidden />}
          >
            Fjern salgsoppgave
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="gray.7">
        PDF, høyst 25 MB. Alle som følger budrunden får e-post når salgsoppgaven endres.
      </Text>
      {problem ? (
        <Text size="sm" c="red.9" role="alert">
          {problem}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="Fjerne salgsoppgaven?"
        confirmLabel="Fjern salgsoppgave"
        onConfirm={confirmRemove}
        onClose={close}
        loading={remove.isPending}
      >
        <Text>
          Budgiverne kan ikke lenger laste den ned, og alle som følger budrunden får beskjed om at den er
          fjernet.
        </Text>
      </ConfirmDialog>
    </>
  );
}
