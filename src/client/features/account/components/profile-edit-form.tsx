import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BUYER_CAPACITIES, capacityLabel } from '../../../../shared/rules/buyers';
import { isValidPhone, PHONE_INVALID } from '../../../../shared/rules/phone';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { Form, SubmitButton } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/use-account-actions';

const PHONE_FIELDS = [
  ['phone', 'Telefon'],
  ['bankContactPhone', 'Telefon til bankkontakt'],
] as const;

/** The 'Rediger profil' dialog's form. Phones are checked with the phone rule before anything is sent. */
export function ProfileEditForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? '',
      address: user.address ?? '',
      bankName: user.bankName ?? '',
      bankContactName: user.bankContactName ?? '',
      bankContactPhone: user.bankContactPhone ?? '',
      buyerCapacity: user.buyerCapacity,
    },
  });

  const submit = form.onSubmit((values) => {
    for (const [field, label] of PHONE_FIELDS) {
      const value = values[field].trim();
      if (value && !isValidPhone(value)) {
        form.setFieldError(field, PHONE_INVALID);
        showToast({
          title: 'Ugyldig telefonnummer',
          message: `${label}: ${PHONE_INVALID}`,
          variant: 'destructive',
        });
        return;
      }
    }
    update.mutate(values, {
      onSuccess: () => {
        showToast({ title: 'Profil oppdatert', message: 'Endringene er lagret.' });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError)
          for (const e of error.errors ?? []) form.setFieldError(e.path, e.message);
        showToast({ title: 'Kunne ikke oppdatere profil', message: error.message, variant: 'destructive' });
      },
    });
  });

  return (
    <Form onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Fornavn"
          required
          autoComplete="given-name"
          data-autofocus
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label="Etternavn"
          required
          autoComplete="family-name"
          {...form.getInputProps('lastName')}
        />
        <TextInput
          label="Telefon"
          placeholder="+47 12345678"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <TextInput label="Adresse" autoComplete="street-address" {...form.getInputProps('address')} />
        <TextInput label="Bank" {...form.getInputProps('bankName')} />
        <TextInput label="Kontaktperson i banken" {...form.getInputProps('bankContactName')} />
        <TextInput
          label="Telefon til bankkontakt"
          placeholder="+47 12345678"
          {...form.getInputProps('bankContactPhone')}
        />
        <Select
          label="Jeg byr som"
          description="Forhåndsvalgt når du legger inn bud; du kan endre det for hvert bud."
          data={BUYER_CAPACITIES.map((value) => ({ value, label: capacityLabel(value) }))}
          allowDeselect={false}
          {...form.getInputProps('buyerCapacity')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onDone}>
          Avbryt
        </Button>
        <SubmitButton loading={update.isPending}>Lagre</SubmitButton>
      </Group>
    </Form>
  );
}
