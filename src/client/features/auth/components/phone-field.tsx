import { Group, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { COUNTRY_CODES, PHONE_FORM_HINT, PHONE_INPUT_MAX_LENGTH } from '../../../../shared/rules/phone';

const COUNTRY_CODE_OPTIONS = [...COUNTRY_CODES];

interface PhoneFieldProps {
  /** `form.getInputProps` for the country code ('+47', …). */
  countryCodeProps: GetInputPropsReturnType;
  /** `form.getInputProps` for the number without country code. */
  numberProps: GetInputPropsReturnType;
  numberLabel: string;
  countryCodeLabel?: string;
  required?: boolean;
}

/** A phone number as the form keeps it: country code and number side by side, combined when sent. */
export function PhoneField({
  countryCodeProps,
  numberProps,
  numberLabel,
  countryCodeLabel = 'Landkode',
  required = false,
}: PhoneFieldProps) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <Select
        {...countryCodeProps}
        label={countryCodeLabel}
        data={COUNTRY_CODE_OPTIONS}
        allowDeselect={false}
        required={required}
        w={110}
        style={{ flexShrink: 0 }}
      />
      <TextInput
        {...numberProps}
        label={numberLabel}
        description={PHONE_FORM_HINT}
        // The hint goes under the input, so both inputs line up on the same row.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maxLength={PHONE_INPUT_MAX_LENGTH}
        inputMode="tel"
        type="tel"
        autoComplete={required ? 'tel-national' : 'off'}
        required={required}
        style={{ flex: 1, minWidth: 0 }}
      />
    </Group>
  );
}
