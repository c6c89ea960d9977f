import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { IdentityOutcome } from '../../../../shared/rules/identity';
import { loginSchema } from '../../../../shared/schemas/auth';
import { Form, SubmitButton } from '../../../components/form';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { openDialog, pageAfterLogin, safeReturnPath } from '../../../lib/window-events';
import { useIdentityConfig } from '../../site/use-identity-config';
import { useLogin, usePasskeyLogin } from '../api/use-auth-actions';
import { ForgotPasswordBox } from './forgot-password-box';
import { IdentityLoginRefused } from './identity-login-refused';
import { VerificationNotice } from './verification-notice';

interface LoginDialogProps {
  opened: boolean;
  /** The page to land on after logging in, e.g. the round whose login prompt opened the dialog. */
  returnTo?: string;
  /** Why a login with the eID provider was refused, as its callback said (decision 064). */
  identityOutcome?: IdentityOutcome | null;
  onClose: () => void;
}

export function LoginDialog({ opened, returnTo, identityOutcome, onClose }: LoginDialogProps) {
  const [location, navigate] = useLocation();
  const login = useLogin();
  const passkeyLogin = usePasskeyLogin();
  const identity = useIdentityConfig();
  const [needsVerification, setNeedsVerification] = useState(false);
  const [showForgot, setShowForgot] = useState(false);
  const form = useForm({ initialValues: { email: '', password: '' }, validate: zod4Resolver(loginSchema) });

  const close = () => {
    setNeedsVerification(false);
    setShowForgot(false);
    form.reset();
    onClose();
  };

  // Where a login lands, with a password, a passkey or the eID provider alike.
  const landing = returnTo ? safeReturnPath(returnTo) : pageAfterLogin(location);
  const loggedIn = () => {
    showToast({ title: 'Velkommen tilbake!', message: 'Du er nå innlogget.' });
    close();
    navigate(landing);
  };

  const withPasskey = () =>
    passkeyLogin.mutate(undefined, {
      onSuccess: loggedIn,
      onError: (error) =>
        showToast({
          title: 'Innlogging med passnøkkel mislyktes',
          message:
            error instanceof ApiError
              ? error.message
              : 'Innloggingen ble avbrutt, eller enheten fant ingen passnøkkel for Budrunde.',
          variant: 'destructive',
        }),
    });

  const submit = form.onSubmit((values) => {
    setNeedsVerification(false);
    login.mutate(values, {
      onSuccess: loggedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.body.requiresEmailVerification) {
          setNeedsVerification(true);
          return;
        }
        showToast({
          title: 'Innlogging mislyktes',
          message: error.message || 'Ugyldig e-post eller passord.',
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="Logg inn" centered>
      <Stack gap="md">
        {identityOutcome ? <IdentityLoginRefused outcome={identityOutcome} /> : null}
        {needsVerification ? <VerificationNotice email={form.values.email.trim()} /> : null}
        <Form onSubmit={submit}>
          <Stack gap="sm">
            <TextInput
              label="E-post"
              type="email"
              autoComplete="email"
              data-autofocus
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Passord"
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <Group justify="space-between">
              <Anchor component="button" type="button" size="sm" onClick={() => setShowForgot((v) => !v)}>
                Glemt passordet?
              </Anchor>
              <SubmitButton loading={login.isPending}>Logg inn</SubmitButton>
            </Group>
          </Stack>
        </Form>
        {showForgot ? <ForgotPasswordBox initialEmail={form.values.email} /> : null}
        <Button variant="default" onClick={withPasskey} loading={passkeyLogin.isPending}>
          Logg inn med passnøkkel
        </Button>
        {identity?.available ? (
          // A plain link: the provider's pages are a full navigation away, and back through the callback.
          <Button
            component="a"
            href={`/api/identity/login?returnTo=${encodeURIComponent(landing)}`}
            variant="default"
          >
            Logg inn med {identity.providerName}
          </Button>
        ) : null}
        <Text size="sm" ta="center">
          Har du ikke konto?{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              close();
              openDialog('openRegistration');
            }}
          >
            Registrer deg her
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
