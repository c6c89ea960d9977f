import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatAmountInput, formatMoney, parseAmountInput } from '../../../../shared/format/money';
import { isValidAmount } from '../../../../shared/rules/amounts';
import { Form, SubmitButton } from '../../../components/form';
import { showToast } from '../../../lib/toast';
import { useUpdateStartingBid } from '../api/use-bid-actions';
import { AmountInput } from './amount-input';

interface StartingPriceLineProps {
  roundId: string;
  startingPrice: number;
  /** Owner or admin while the round is open. */
  canEdit: boolean;
}

/** 'Startpris', with an inline edit for the owner and admins while the round is open. */
export function StartingPriceLine({ roundId, startingPrice, canEdit }: StartingPriceLineProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const update = useUpdateStartingBid(roundId);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Keyboard focus follows the swap: into the field when editing starts, back to the pencil when it ends.
  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const startEditing = () => {
    setText(formatAmountInput(startingPrice));
    setEditing(true);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    // The same rule as the server's startingBidSchema, without loading zod on the round page.
    const amount = parseAmountInput(text);
    if (!isValidAmount(amount)) {
      showToast({
        title: 'Ugyldig beløp',
        message: 'Vennligst oppgi et gyldig beløp',
        variant: 'destructive',
      });
      return;
    }
    update.mutate(amount, {
      onSuccess: (result) => {
        showToast({
          title: 'Startbud oppdatert!',
          message: `Ny startpris er ${formatMoney(result.newStartingBid ?? amount)}.`,
        });
        setEditing(false);
      },
      onError: (error) =>
        showToast({
          title: 'Feil ved oppdatering av startbud',
          message: error.message || 'Kunne ikke oppdatere startbud',
          variant: 'destructive',
        }),
    });
  };

  if (editing && canEdit) {
    return (
      <Form onSubmit={save}>
        <Group gap="xs" align="flex-end">
          <AmountInput ref={inputRef} label="Ny startpris" value={text} onChange={setText} w={180} />
          <SubmitButton size="sm" loading={update.isPending}>
            Lagre
          </SubmitButton>
          <Button variant="default" size="sm" onClick={() => setEditing(false)} disabled={update.isPending}>
            Avbryt
          </Button>
        </Group>
      </Form>
    );
  }

  return (
    <Group gap="xs">
      <Text size="sm">
        <Text span fw={600}>
          Startpris:
        </Text>{' '}
        {formatMoney(startingPrice)}
      </Text>
      {canEdit ? (
        <ActionIcon
          ref={editRef}
          variant="subtle"
          color="blue.8"
          onClick={startEditing}
          aria-label="Endre startpris"
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
