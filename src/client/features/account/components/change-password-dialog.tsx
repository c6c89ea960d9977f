import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { Form, SubmitButton } from '../../../components/form';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../lib/toast';
import { useChangePassword } from '../api/use-account-actions';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();
  const close = () => {
    setValues(EMPTY);
    setProblem(null);
    onClose();
  };
  const set = (field: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: e.currentTarget.value });

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (values.newPassword !== values.confirmPassword)
      return setProblem('De nye passordene stemmer ikke overens.');
    if (values.newPassword.length < 6) return setProblem('Nytt passord må være minst 6 tegn.');
    setProblem(null);
    change.mutate(values, {
      onSuccess: () => {
        showToast({ title: 'Passord endret', message: 'Du er logget ut på andre enheter.' });
        close();
      },
      onError: (error) =>
        showToast({ title: 'Feil ved passordendring', message: error.message, variant: 'destructive' }),
    });
  };

  const anyEmpty = Object.values(values).some((v) => v === '');
  return (
    <Modal opened={opened} onClose={close} title="Endre passord" centered>
      <Form onSubmit={save}>
        <Stack gap="sm">
          <PasswordInput
            label="Nåværende passord"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            data-autofocus
          />
          <PasswordInput
            label="Nytt passord"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
          />
          <PasswordInput
            label="Bekreft nytt passord"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
          />
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Avbryt
            </Button>
            <SubmitButton disabled={anyEmpty} loading={change.isPending}>
              Lagre nytt passord
            </SubmitButton>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
