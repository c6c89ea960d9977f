import { Button, Group, List, Stack } from '@mantine/core';
import { useState } from 'react';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import type { SignatureOptionsInput } from '../../../../shared/schemas/signature';
import { STATUS_COLORS } from '../../../app/theme';
import { Modal } from '../../../components/modal';
import { useActSigning } from '../api/use-act-signing';
import { signOrCancel } from '../api/use-signing-step';
import { SigningNotice } from './signing-notice';

interface CoBidderActDialogProps {
  opened: boolean;
  title: string;
  /** What the act means, in a few lines. */
  points: string[];
  act: SignatureOptionsInput;
  signLabel: string;
  plainLabel: string;
  mustSign: string;
  /** What the act is called in the toast when signing is cancelled. */
  what: string;
  pending: boolean;
  onConfirm: (signature?: SignatureProof) => void;
  onClose: () => void;
}

/**
 * A binding act on a bidder group (decision 065), confirmed with the words the passkey signs: accepting an
 * invitation (the power of attorney) or withdrawing it.
 */
export function CoBidderActDialog(props: CoBidderActDialogProps) {
  const signing = useActSigning(props.opened ? props.act : null);
  const [signingNow, setSigningNow] = useState(false);
  const pending = props.pending || signingNow;
  const confirm = async () => {
    if (signing.state !== 'ready') return props.onConfirm();
    setSigningNow(true);
    const proof = await signOrCancel(signing.options, props.what);
    setSigningNow(false);
    if (proof) props.onConfirm(proof);
  };
  return (
    <Modal opened={props.opened} onClose={pending ? () => {} : props.onClose} title={props.title} centered>
      <Stack gap="sm">
        <List size="sm" spacing={4}>
          {props.points.map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
        <SigningNotice signing={signing} confirmLabel={props.signLabel} mustSign={props.mustSign} />
        <Group justify="flex-end" mt="xs">
          {/* Focus starts on 'Avbryt' so a stray Enter never binds anyone. */}
          <Button variant="default" onClick={props.onClose} disabled={pending} data-autofocus>
            Avbryt
          </Button>
          <Button
            color={STATUS_COLORS.active}
            onClick={() => void confirm()}
            loading={pending}
            disabled={
              signing.state === 'loading' || signing.state === 'needs-passkey' || signing.state === 'failed'
            }
          >
            {signing.state === 'ready' ? props.signLabel : props.plainLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
