import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef, useState } from 'react';
import { combinePhone, isValidPhone, PHONE_FORM_HINT } from '../../../../shared/rules/phone';
import { registerSchema } from '../../../../shared/schemas/auth';
import { Form, SubmitButton } from '../../../components/form';
import { ApiError, apiJson } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { openDialog } from '../../../lib/window-events';
import { useIdentityOutcome } from '../../site/use-identity-outcome';
import { PhoneField } from './phone-field';

const SUCCESS_TITLE = 'Registrering sendt inn';
const SUCCESS_TEXT =
  'En e-post med verifiseringslenke er sendt til din e-postadresse. Du må verifisere e-posten før du kan logge inn.';
const FALLBACK_ERROR = 'Kunne ikke sende registreringen. Prøv igjen.';

type RegistrationValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  countryCode: string;
  phoneNumber: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  bankName: string;
  bankContactName: string;
  bankContactCountryCode: string;
  bankContactPhoneNumber: string;
  agreeToTerms: boolean;
};

const INITIAL_VALUES: RegistrationValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  countryCode: '+47',
  phoneNumber: '',
  streetAddress: '',
  postalCode: '',
  city: '',
  bankName: '',
  bankContactName: '',
  bankContactCountryCode: '+47',
  bankContactPhoneNumber: '',
  agreeToTerms: false,
};

const resolveSchema = zod4Resolver(registerSchema);

function isBadPhone(countryCode: string, number: string): boolean {
  return number.trim() !== '' && !isValidPhone(combinePhone(countryCode, number));
}

// Zod skips the schema's phone refinement while any other field is invalid; check the phones here too,
// so their message shows together with the rest.
function validate(values: RegistrationValues) {
  const errors = { ...resolveSchema(values) };
  if (!errors.phoneNumber && isBadPhone(values.countryCode, values.phoneNumber)) {
    errors.phoneNumber = PHONE_FORM_HINT;
  }
  if (
    !errors.bankContactPhoneNumber &&
    isBadPhone(values.bankContactCountryCode, values.bankContactPhoneNumber)
  ) {
    errors.bankContactPhoneNumber = PHONE_FORM_HINT;
  }
  return errors;
}

/** SPEC §3: the form values plus the combined phones (the server recomputes them). */
function toPayload(values: RegistrationValues) {
  return {
    ...values,
    phone: combinePhone(values.countryCode, values.phoneNumber),
    bankContactPhone: values.bankContactPhoneNumber.trim()
      ? combinePhone(values.bankContactCountryCode, values.bankContactPhoneNumber)
      : null,
  };
}

interface RegistrationFormProps {
  /** Given when the form sits in a dialog: shows 'Avbryt' and closes after 'Gå til innlogging'. */
  onCancel?: () => void;
}

/**
 * After logging in with the eID provider without an account (decision 064): the verified names, which the
 * registration takes; null otherwise.
 */
function useVerifiedNames() {
  const outcome = useIdentityOutcome();
  return (
    useQuery<{ givenName: string; familyName: string; provider: string }>({
      queryKey: ['/api/identity/pending'],
      enabled: outcome === 'ingen-konto',
    }).data ?? null
  );
}

/** Registration as a bidder (SPEC §2, §3, §5). The heading comes from the page or dialog around it. */
export function RegistrationForm({ onCancel }: RegistrationFormProps) {
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<RegistrationValues>({
    initialValues: INITIAL_VALUES,
    validate,
    validateInputOnBlur: true,
  });

  const verified = useVerifiedNames();
  // Filled in once, when the verified names arrive.
  const filled = useRef(false);
  useEffect(() => {
    if (!verified || filled.current) return;
    filled.current = true;
    form.setValues({ firstName: verified.givenName, lastName: verified.familyName });
  }, [verified, form.setValues]);

  const mutation = useMutation({
    mutationFn: (values: RegistrationValues) =>
      apiJson<{ message: string }>('POST', '/api/auth/register', toPayload(values)),
    onSuccess: () => {
      showToast({ title: SUCCESS_TITLE, message: SUCCESS_TEXT });
      setSubmitted(true);
    },
    onError: (error) => {
      const apiError = error instanceof ApiError ? error : null;
      showToast({
        title: 'Feil ved registrering',
        message: apiError?.message || FALLBACK_ERROR,
        variant: 'destructive',
      });
      for (const fieldError of apiError?.errors ?? []) {
        if (fieldError.path) form.setFieldError(fieldError.path, fieldError.message);
      }
      // 409: the e-mail address is already registered.
      if (apiError?.status === 409 && !apiError.errors) form.setFieldError('email', apiError.message);
    },
  });

  if (submitted) {
    return (
      <Stack gap="md">
        <Alert color="blue" title={SUCCESS_TITLE} role="status" icon={<IconMailCheck aria-hidden />}>
          <Text size="sm">{SUCCESS_TEXT}</Text>
        </Alert>
        <Group justify="flex-end">
          <Button
            onClick={() => {
              onCancel?.();
              openDialog('openLogin');
            }}
          >
            Gå til innlogging
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Form onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...form.getInputProps('firstName')}
            label="Fornavn"
            autoComplete="given-name"
            readOnly={Boolean(verified)}
            required
          />
          <TextInput
            {...form.getInputProps('lastName')}
            label="Etternavn"
            autoComplete="family-name"
            readOnly={Boolean(verified)}
            required
          />
        </SimpleGrid>
        <TextInput
          {...form.getInputProps('email')}
          label="E-post"
          type="email"
          autoComplete="email"
          required
        />
        <PasswordInput
          {...form.getInputProps('password')}
          label="Passord"
          description="Minst 6 tegn"
          autoComplete="new-password"
          required
        />
        <PhoneField
          countryCodeProps={form.getInputProps('countryCode')}
          numberProps={form.getInputProps('phoneNumber')}
          numberLabel="Telefonnummer"
          required
        />
        <TextInput
          {...form.getInputProps('streetAddress')}
          label="Gateadresse"
          autoComplete="street-address"
          required
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...form.getInputProps('postalCode')}
            label="Postnummer"
            placeholder="4 siffer"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            required
          />
          <TextInput {...form.getInputProps('city')} label="Sted" autoComplete="address-level2" required />
        </SimpleGrid>

        <Fieldset legend="Bankinformasjon (valgfritt)">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...form.getInputProps('bankName')} label="Bank" autoComplete="off" />
              <TextInput
                {...form.getInputProps('bankContactName')}
                label="Kontaktperson i banken"
                autoComplete="off"
              />
            </SimpleGrid>
            <PhoneField
              countryCodeProps={form.getInputProps('bankContactCountryCode')}
              numberProps={form.getInputProps('bankContactPhoneNumber')}
              countryCodeLabel="Landkode (bank)"
              numberLabel="Telefon til kontaktperson"
            />
          </Stack>
        </Fieldset>

        <Checkbox
          {...form.getInputProps('agreeToTerms', { type: 'checkbox' })}
          label={
            <>
              Jeg godtar{' '}
              <Anchor href="/vilkaar" target="_blank" rel="noreferrer" inherit>
                vilkårene
              </Anchor>{' '}
              og{' '}
              <Anchor href="/personvern" target="_blank" rel="noreferrer" inherit>
                personvernerklæringen
              </Anchor>
            </>
          }
        />

        <Group justify="flex-end" mt="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
              Avbryt
            </Button>
          ) : null}
          <SubmitButton loading={mutation.isPending}>Registrer deg</SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}
