import { Button, Group, NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Form, SubmitButton } from '../../../components/form';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { ApiError } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { useCreateRound } from '../api/use-create-round';
import { AmountField } from './amount-field';
import {
  type CreateRoundValues,
  initialCreateRoundValues,
  toCreateRoundInput,
  validateCreateRound,
} from './create-round-values';
import { ImageUpload } from './image-upload';
import { OsloDateTimeField } from './oslo-date-time-field';

type NumberField = 'size' | 'rooms' | 'buildYear';

/** The 'Opprett ny budrunde' form. Its defaults are taken when it mounts, i.e. each time the dialog opens. */
export function CreateRoundForm({ onDone }: { onDone: () => void }) {
  const create = useCreateRound();
  const [, navigate] = useLocation();
  const [uploading, setUploading] = useState(false);
  const form = useForm<CreateRoundValues>({
    initialValues: initialCreateRoundValues(new Date()),
    validate: validateCreateRound,
  });

  const numberProps = (field: NumberField) => ({
    ...form.getInputProps(field),
    value: form.values[field] ?? '',
    onChange: (next: number | string) => form.setFieldValue(field, typeof next === 'number' ? next : null),
    allowNegative: false,
    allowDecimal: false,
    hideControls: true,
  });

  const submit = form.onSubmit((values) => {
    const input = toCreateRoundInput(values);
    create.mutate(input, {
      onSuccess: (round) => {
        showToast({ title: 'Budrunde opprettet', message: `«${input.title}» er publisert.` });
        form.reset();
        onDone();
        // The seller's next step is the new round itself: its photos, viewings and first bids.
        navigate(`/budrunder/${round.id}`);
      },
      onError: (error) => {
        if (error instanceof ApiError)
          for (const e of error.errors ?? []) form.setFieldError(e.path, e.message);
        showToast({
          title: 'Feil ved opprettelse',
          message: error.message || 'Kunne ikke opprette budrunde',
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <Form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label="Tittel" required data-autofocus {...form.getInputProps('title')} />
        <TextInput label="Adresse" required autoComplete="off" {...form.getInputProps('address')} />
        <GrowingTextarea label="Beskrivelse" minRows={3} maxRows={8} {...form.getInputProps('description')} />
        <AmountField
          label="Startpris"
          required
          value={form.values.startingPrice}
          onChange={(value) => form.setFieldValue('startingPrice', value)}
          error={form.errors.startingPrice}
        />
        <OsloDateTimeField
          label="Budfrist for budrunden"
          description="Norsk tid. Budrunden avsluttes automatisk da."
          required
          value={form.values.deadline}
          onChange={(value) => form.setFieldValue('deadline', value)}
          error={form.errors.deadline}
        />
        <OsloDateTimeField
          label="Korteste akseptfrist (valgfritt)"
          description="Norsk tid. Akseptfristen i et bud kan ikke være tidligere enn dette. Når du legger inn visninger, gjelder også 12:00 første virkedag etter siste visning."
          clearable
          value={form.values.minimumBidDeadline}
          onChange={(value) => form.setFieldValue('minimumBidDeadline', value)}
          error={form.errors.minimumBidDeadline}
        />
        <ImageUpload
          value={form.values.imageUrls}
          onChange={(photos) => form.setFieldValue('imageUrls', photos)}
          onBusyChange={setUploading}
          error={form.errors.imageUrls ?? form.errors.imageUrl}
        />
        <Title order={3} size="h5" mt="xs">
          Om eiendommen (valgfritt)
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
          {/* Waits for photos still on their way up, which would otherwise be left out. */}
          <SubmitButton loading={create.isPending || uploading}>Opprett budrunde</SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}
