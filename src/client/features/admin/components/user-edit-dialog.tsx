import { Button, Divider, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type AdminUserView, adminUpdateUserSchema } from '../../../../shared/schemas/admin';
import { Form, SubmitButton } from '../../../components/form';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { toastOutcome } from '../api/admin-toasts';
import { useUpdateUser } from '../api/use-admin-actions';
import { AdminActionsList } from './admin-actions-list';
import { fullName } from './admin-table';
import { UserIdentity } from './user-identity';

const valuesOf = (u: AdminUserView) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone ?? '',
  address: u.address ?? '',
  bankName: u.bankName ?? '',
  bankContactName: u.bankContactName ?? '',
  bankContactPhone: u.bankContactPhone ?? '',
});

/** 'Rediger': the profile's fields and the e-mail, under the same rules as the server's; then the audit trail. */
function UserEditForm({ user, onDone }: { user: AdminUserView; onDone: () => void }) {
  const update = useUpdateUser();
  const form = useForm({ initialValues: valuesOf(user), validate: zod4Resolver(adminUpdateUserSchema) });
  const submit = form.onSubmit((input) => {
    const callbacks = toastOutcome(
      { title: 'Bruker oppdatert', message: `Endringene for ${fullName(input)} er lagret.` },
      'Feil ved oppdatering',
      onDone,
    );
    update.mutate(
      { id: user.id, input },
      {
        ...callbacks,
        onError: (error) => {
          if (error instanceof ApiError)
            for (const e of error.errors ?? []) form.setFieldError(e.path, e.message);
          if (error instanceof ApiError && error.status === 409) form.setFieldError('email', error.message);
          callbacks.onError(error);
        },
      },
    );
  });
  return (
    <Form onSubmit={submit}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Fornavn" required data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label="Etternavn" required {...form.getInputProps('lastName')} />
          <TextInput label="E-post" type="email" required {...form.getInputProps('email')} />
          <TextInput label="Telefon" placeholder="+47 12345678" type="tel" {...form.getInputProps('phone')} />
          <TextInput label="Adresse" {...form.getInputProps('address')} />
          <TextInput label="Bank" {...form.getInputProps('bankName')} />
          <TextInput label="Kontaktperson i banken" {...form.getInputProps('bankContactName')} />
          <TextInput
            label="Telefon til bankkontakt"
            placeholder="+47 12345678"
            type="tel"
            {...form.getInputProps('bankContactPhone')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Avbryt
          </Button>
          <SubmitButton loading={update.isPending}>Lagre</SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}

export function UserEditDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Rediger bruker" size="lg" centered>
      {user ? (
        <Stack gap="md">
          {/* Keyed by user: a new user's dialog starts from that user's values. */}
          <UserEditForm key={user.id} user={user} onDone={onClose} />
          <Divider />
          <UserIdentity user={user} />
          <Divider />
          <AdminActionsList userId={user.id} />
        </Stack>
      ) : null}
    </Modal>
  );
}
