import { Button, Group, NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ADDRESS_LOCKED_MESSAGE } from '../../../../shared/rules/round-edits';
import { type BidRoundView, editRoundSchema } from '../../../../shared/schemas/bid-round';
import { Form, SubmitButton } from '../../../components/form';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { useEditRound } from '../api/use-edit-round';

type NumberField = 'size' | 'rooms' | 'buildYear';

const valuesOf = (round: BidRoundView) => ({
  title: round.property.title,
  address: round.property.address,
  description: round.property.description ?? '',
  size: round.property.size,
  rooms: round.property.rooms,
  buildYear: round.property.buildYear,
  floor: round.property.floor ?? '',
});

/**
 * The listing's title, address, description and facts, as they are now, under the create form's rules. The
 * server records only what really changed; buyers see it under 'Endringer', followers hear of a new
 * description, and while a live bid stands, the bidders hear of every change from its old to its new value
 * and the address stays as it is (decision 054).
 */
function EditListingForm({ round, onDone }: { round: BidRoundView; onDone: () => void }) {
  const edit = useEditRound(round.id);
  const bidsStand = round.liveBidCount > 0;
  const form = useForm({ initialValues: valuesOf(round), validate: zod4Resolver(editRoundSchema) });
  const numberProps = (field: NumberField) => ({
    ...form.getInputProps(field),
    value: form.values[field] ?? '',
    onChange: (next: number | string) => form.setFieldValue(field, typeof next === 'number' ? next : null),
    allowNegative: false,
    allowDecimal: false,
    hideControls: true,
  });
  const submit = form.onSubmit((values) => {
    edit.mutate(
      {
        title: values.title.trim(),
        address: values.address.trim(),
        description: values.description.trim() || null,
        size: values.size,
        rooms: values.rooms,
        buildYear: values.buildYear,
        floor: values.floor.trim() || null,
      },
      {
        onSuccess: () => {
          showToast({ title: 'Endringene er lagret', message: `«${values.title.trim()}» er oppdatert.` });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError)
            for (const e of error.errors ?? []) form.setFieldError(e.path, e.message);
          showToast({ title: 'Kunne ikke lagre endringene', message: error.message, variant: 'destructive' });
        },
      },
    );
  });
  return (
    <Form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label="Tittel" required data-autofocus {...form.getInputProps('title')} />
        {/* A bid that stands binds its bidder to this property: the server refuses a new address with the
            same words (409), which a bid placed after the dialog opened would bring up on the field. */}
        <TextInput
          label="Adresse"
          required
          autoComplete="off"
          disabled={bidsStand}
          description={bidsStand ? ADDRESS_LOCKED_MESSAGE : undefined}
          {...form.getInputProps('address')}
        />
        <GrowingTextarea
          label="Beskrivelse"
          description={
            bidsStand
              ? 'Budrunden viser hva som er endret, når, og fra hva til hva. Budgiverne med gjeldende bud får e-post om hver endring.'
              : 'Budrunden viser hva som er endret og når. Følgerne får e-post om en ny beskrivelse.'
          }
          minRows={4}
          maxRows={12}
          {...form.getInputProps('description')}
        />
        <Title order={3} size="h5" mt="xs">
          Om eiendommen
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput label="Størrelse (m²)" {...numberProps('size')} />
          <NumberInput label="Antall rom" {...numberProps('rooms')} />
          <NumberInput label="Byggeår" {...numberProps('buildYear')} />
          <TextInput label="Etasje" {...form.getInputProps('floor')} />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Avbryt
          </Button>
          <SubmitButton loading={edit.isPending}>Lagre endringene</SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}

/** 'Endre annonsen'. The form mounts on each open, so it starts from the round as it is then. */
export function EditListingDialog({
  round,
  opened,
  onClose,
}: {
  round: BidRoundView;
  opened: boolean;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Endre annonsen"
      size="lg"
      fullScreen={isPhone}
      centered={!isPhone}
    >
      <EditListingForm round={round} onDone={onClose} />
    </Modal>
  );
}
