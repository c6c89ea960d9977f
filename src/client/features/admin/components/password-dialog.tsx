import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type AdminSetPasswordInput, adminSetPasswordSchema } from '../../../../shared/schemas/admin';
import { Form, SubmitButton } from '../../../components/form';
import { Modal } from '../../../components/modal';

interface PasswordDialogProps {
  opened: boolean;
  title: string;
  /** Whose password, and what happens when it is set. */
  description: string;
  submitLabel: string;
  loading: boolean;
  onSubmit: (input: AdminSetPasswordInput, reset: () => void) => void;
  onClose: () => void;
}

const EMPTY = { newPassword: '', confirmPassword: '' };

/**
 * A new password chosen by an administrator, typed twice: 'Endre passord' for a user, and 'Godkjenn' for a
 * password-reset request. The server checks the same schema.
 */
export function PasswordDialog({
  opened,
  title,
  description,
  submitLabel,
  loading,
  onSubmit,
  onClose,
}: PasswordDialogProps) {
  const form = useForm({ initialValues: EMPTY, validate: zod4Resolver(adminSetPasswordSchema) });
  const close = () => {
    // While the password is being saved the dialog stays: its outcome belongs to the user it was opened for.
    if (loading) return;
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Form onSubmit={form.onSubmit((values) => onSubmit(values, form.reset))}>
        <Stack gap="sm">
          <Text size="sm">{description}</Text>
          <PasswordInput
            label="Nytt passord"
            description="Minst 6 tegn. Gi passordet til brukeren på en trygg måte; vi sender det ikke på e-post."
            autoComplete="new-password"
            required
            data-autofocus
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Bekreft nytt passord"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={loading}>
              Avbryt
            </Button>
            <SubmitButton loading={loading}>{submitLabel}</SubmitButton>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
