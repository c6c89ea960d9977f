import { Anchor, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { PAGE_PATHS } from '../../../../shared/pages';
import type { ChainLink } from '../../../../shared/record/round-act';

/**
 * 'Kjedens hode: nr. 12 · 3f2a9c0d…' and how to check it (decision 038). The hash is cut short on the
 * screen by CSS only: the whole of it is in the text, so selecting it copies all 64 digits, as does 'Kopier'.
 * The server signs the head (decision 057); the key's id, cut short, says which key to check it with.
 */
export function JournalChainHead({ head }: { head: ChainLink & { signedHead?: { kid: string } } }) {
  return (
    <Stack gap={2}>
      {/* On a narrow screen 'Kopier' wraps under the head rather than run past the dialog's edge. */}
      <Group gap={6} align="center">
        <Group gap={6} wrap="nowrap" align="center" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            Kjedens hode:
          </Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            nr. {head.seq} ·
          </Text>
          <Code
            title={head.hash}
            style={{
              minWidth: 0,
              maxWidth: '11ch',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {head.hash}
          </Code>
        </Group>
        <CopyButton value={head.hash}>
          {({ copied, copy }) => (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            >
              {copied ? 'Kopiert' : 'Kopier'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {head.signedHead ? (
        <Text size="xs">
          Signert av Budrunde med nøkkel <Code>{head.signedHead.kid.slice(0, 12)}…</Code>
        </Text>
      ) : null}
      {/* A new tab, so that the dialog with 'Last ned kjeden (JSON)' stays open beside the check (decision 062). */}
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        Last ned kjeden og{' '}
        <Anchor href={PAGE_PATHS.checkJournal} target="_blank" rel="noopener" underline="always" inherit>
          kontroller budjournalen selv (åpnes i ny fane)
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
