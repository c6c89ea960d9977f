import { Alert, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { MIN_PASSWORD_LENGTH, PASSKEYS_REMOVED, resetPasswordSchema } from '../../../shared/schemas/auth';
import { Form, SubmitButton } from '../../components/form';
import { NarrowCardPage, ResultCard } from '../../components/narrow-card-page';
import { useResetLinkStatus } from '../../features/auth/api/use-reset-link-status';
import { ExpiredResetLink } from '../../features/auth/components/expired-reset-link';
import { ApiError, apiJson } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';

const SUCCESS_TITLE = 'Passord tilbakestilt!';
const SUCCESS_TEXT = 'Du kan nå logge inn med det nye passordet.';
// The reset removed every passkey (decision 052): the owner should know to add their own again.
const SUCCESS_DETAILS = `${SUCCESS_TEXT} ${PASSKEYS_REMOVED}`;
const FALLBACK_ERROR = 'Kunne ikke tilbakestille passordet. Vennligst prøv igjen.';

type ResetValues = { newPassword: string; confirmPassword: string };

/** The page's own wording (SPEC §5), checked in this order before anything is sent. */
function checkPasswords({ newPassword, confirmPassword }: ResetValues): string | null {
  if (!newPassword || !confirmPassword) return 'Vennligst fyll ut alle feltene.';
  if (newPassword !== confirmPassword) return 'Passordene stemmer ikke overens.';
  if (newPassword.length < MIN_PASSWORD_LENGTH) return 'Passordet må være minst 6 tegn langt.';
  return null;
}

/** /reset-password?token=…: sets a new password from the e-mailed, single-use link. */
export function ResetPasswordPage() {
  useDocumentTitle('Tilbakestill passord');
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const linkStatus = useResetLinkStatus(token);
  // Set when sending finds the link spent after all (used in another tab, or expired while typing).
  const [linkSpent, setLinkSpent] = useState(false);
  const form = useForm<ResetValues>({ initialValues: { newPassword: '', confirmPassword: '' } });

  // A ref, so StrictMode's second effect run does not toast and navigate twice.
  const redirected = useRef(false);
  useEffect(() => {
    if (token || redirected.current) return;
    redirected.current = true;
    showToast({
      title: 'Ugyldig lenke',
      message: 'Lenken for å tilbakestille passordet mangler eller er ugyldig.',
      variant: 'destructive',
    });
    navigate('/', { replace: true });
  }, [token, navigate]);

  const mutation = useMutation({
    mutationFn: (values: ResetValues) =>
      apiJson<{ message: string }>('POST', '/api/auth/reset-password', { token, ...values }),
    onSuccess: () => {
      showToast({ title: SUCCESS_TITLE, message: SUCCESS_TEXT });
      setDone(true);
    },
    onError: (error) => {
      const apiError = error instanceof ApiError ? error : null;
      showToast({
        title: 'Feil ved tilbakestilling',
        message: apiError?.message || FALLBACK_ERROR,
        variant: 'destructive',
      });
      for (const fieldError of apiError?.errors ?? []) {
        if (fieldError.path === 'newPassword' || fieldError.path === 'confirmPassword') {
          form.setFieldError(fieldError.path, fieldError.message);
        } else if (fieldError.path === 'token') {
          setLinkSpent(true);
        }
      }
    },
  });

  const submit = (values: ResetValues) => {
    const problem = checkPasswords(values);
    if (problem) {
      setFormError(problem);
      return;
    }
    // The shared schema as the last word (e.g. the maximum length), so the server never sees a bad body.
    const parsed = resetPasswordSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? FALLBACK_ERROR);
      return;
    }
    setFormError(null);
    mutation.mutate(values);
  };

  if (!token) return null;

  if (linkStatus.isPending) {
    return (
      <NarrowCardPage>
        <Stack align="center" gap="md" role="status">
          <Loader aria-hidden />
          <Text>Sjekker lenken...</Text>
        </Stack>
      </NarrowCardPage>
    );
  }

  // A failed check (e.g. too many attempts) still shows the form: sending it gives the real answer.
  if (!done && (linkSpent || linkStatus.data?.valid === false)) return <ExpiredResetLink />;

  if (done) {
    return (
      <ResultCard
        tone="success"
        title={SUCCESS_TITLE}
        message={SUCCESS_DETAILS}
        action={{ label: 'Logg inn', onClick: () => navigate('/?login=1') }}
      />
    );
  }

  return (
    <NarrowCardPage>
      <Form onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Tilbakestill passord
          </Title>
          <Text c="dimmed" size="sm">
            Velg et nytt passord på minst {MIN_PASSWORD_LENGTH} tegn.
          </Text>
          <PasswordInput
            {...form.getInputProps('newPassword')}
            label="Nytt passord"
            autoComplete="new-password"
            required
          />
          <PasswordInput
            {...form.getInputProps('confirmPassword')}
            label="Bekreft nytt passord"
            autoComplete="new-password"
            required
          />
          {formError ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <SubmitButton loading={mutation.isPending} fullWidth>
            Lagre nytt passord
          </SubmitButton>
        </Stack>
      </Form>
    </NarrowCardPage>
  );
}
