import { Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { DatePickerInput } from '../../../components/date-picker-input';
import { Form, SubmitButton } from '../../../components/form';
import { PICKER_DAY_FORMAT } from '../../../components/picker-day';
import { showToast } from '../../../lib/toast';
import { osloDay } from '../../bids/components/acceptance-deadline';
import { useAddViewing } from '../api/use-viewings';
import {
  EMPTY_VIEWING,
  VIEWING_TIMES,
  type ViewingFormErrors,
  viewingFormErrors,
  viewingPayload,
  withFrom,
} from './viewing-form';

// MAX_VIEWING_NOTE (shared/schemas/viewing.ts), not imported: that module's zod would come onto the round page.
const NOTE_MAX = 500;
// A time box is narrow; its error may take more room beside it, rather than wrap a word a line.
const TIME_FIELD = { wrapper: { width: 96 }, root: { maxWidth: 180 } } as const;

/**
 * 'Legg til visning', for the owner and admins: a day and the start and end in Oslo time, and a note. The
 * server judges the times (not in the past, end after start, before the round's deadline); its reasons show
 * on the fields they are about, as each field's error, so that a screen reader says why with the field.
 * `now` is the viewings block's clock (useNow), not read during render: the first day the picker offers
 * moves on at midnight.
 */
export function AddViewingForm({ roundId, now }: { roundId: string; now: Date }) {
  const titleId = useId();
  const addViewing = useAddViewing(roundId);
  const [draft, setDraft] = useState(EMPTY_VIEWING);
  const [errors, setErrors] = useState<ViewingFormErrors & { day?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = viewingPayload(draft);
    if (!payload) return setErrors({ day: 'Velg dato for visningen' });
    setErrors({});
    addViewing.mutate(payload, {
      onSuccess: () => {
        showToast({ title: 'Visning lagt til', message: 'Visningen vises nå i budrunden.' });
        setDraft(EMPTY_VIEWING);
      },
      onError: (error) => setErrors(viewingFormErrors(error)),
    });
  };

  return (
    <Form onSubmit={submit} aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={4} size="h6" id={titleId}>
          Legg til visning
        </Title>
        {/* The day, then both times beside each other: on a phone the times go under the day together.
            Aligned at the top, so that an error under one field does not push the others' boxes down. */}
        <Group gap="xs" align="flex-start" wrap="wrap">
          <DatePickerInput
            loadOnUse
            label="Dato"
            placeholder="Velg dato"
            valueFormat={PICKER_DAY_FORMAT}
            value={draft.day}
            onChange={(day) => setDraft({ ...draft, day })}
            minDate={osloDay(now)}
            error={errors.day}
            style={{ flex: '1 1 240px', minWidth: 0, maxWidth: 320 }}
          />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <NativeSelect
              label="Fra kl."
              data={VIEWING_TIMES}
              value={draft.from}
              onChange={(event) => setDraft(withFrom(draft, event.currentTarget.value))}
              error={errors.from}
              styles={TIME_FIELD}
            />
            <NativeSelect
              label="Til kl."
              data={VIEWING_TIMES}
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
              error={errors.to}
              styles={TIME_FIELD}
            />
          </Group>
        </Group>
        <TextInput
          label="Merknad (valgfritt)"
          placeholder="F.eks. Oppmøte ved inngang B"
          value={draft.note}
          onChange={(event) => setDraft({ ...draft, note: event.currentTarget.value })}
          maxLength={NOTE_MAX}
          error={errors.note}
        />
        {errors.form ? (
          <Text size="sm" c="red.9" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group>
          <SubmitButton loading={addViewing.isPending}>Legg til visning</SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}
