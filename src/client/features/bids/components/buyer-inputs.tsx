import { Checkbox, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  BUYER_CAPACITIES,
  type BuyerCapacity,
  capacityLabel,
  INVALID_ORG_NUMBER,
  MISSING_COMPANY_NAME,
  MISSING_SIGNER_ROLE,
  parseOrgNumber,
  SIGNER_ROLES,
  type SignerRole,
} from '../../../../shared/rules/buyers';

// Who buys (decision 065): 'Jeg byr som' with the profile's answer chosen, and 'By for et selskap'.

export interface BuyerDraft {
  /** null until chosen here: the profile's 'Jeg byr som'. */
  capacity: BuyerCapacity | null;
  forCompany: boolean;
  orgNumber: string;
  companyName: string;
  signerRole: SignerRole | null;
}

export const EMPTY_BUYER: BuyerDraft = {
  capacity: null,
  forCompany: false,
  orgNumber: '',
  companyName: '',
  signerRole: null,
};

export interface BuyerResult {
  ok: boolean;
  buyerCapacity: BuyerCapacity;
  company: { orgNumber: string; name: string; signerRole: SignerRole } | null;
  errors: { orgNumber: string | null; companyName: string | null; signerRole: string | null };
}

/** The buyer as the API takes it, or why not: the same rules as the server's. */
export function readBuyer(draft: BuyerDraft, profileCapacity: BuyerCapacity): BuyerResult {
  if (!draft.forCompany)
    return {
      ok: true,
      buyerCapacity: draft.capacity ?? profileCapacity,
      company: null,
      errors: { orgNumber: null, companyName: null, signerRole: null },
    };
  const orgNumber = parseOrgNumber(draft.orgNumber);
  const name = draft.companyName.trim();
  const errors = {
    orgNumber: orgNumber ? null : INVALID_ORG_NUMBER,
    companyName: name ? null : MISSING_COMPANY_NAME,
    signerRole: draft.signerRole ? null : MISSING_SIGNER_ROLE,
  };
  const ok = Boolean(orgNumber && name && draft.signerRole);
  return {
    ok,
    buyerCapacity: 'naeringsdrivende',
    company: ok && orgNumber && draft.signerRole ? { orgNumber, name, signerRole: draft.signerRole } : null,
    errors,
  };
}

interface BuyerInputsProps {
  value: BuyerDraft;
  onChange: (next: BuyerDraft) => void;
  profileCapacity: BuyerCapacity;
  /** A group bids for its members, never for a company. */
  inGroup: boolean;
  errors: BuyerResult['errors'] | null;
}

export function BuyerInputs({ value, onChange, profileCapacity, inGroup, errors }: BuyerInputsProps) {
  const set = (patch: Partial<BuyerDraft>) => onChange({ ...value, ...patch });
  const capacity = value.forCompany ? 'naeringsdrivende' : (value.capacity ?? profileCapacity);
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Jeg byr som"
        description="Avhendingslova gir forbrukere et sterkere vern enn næringsdrivende."
        value={capacity}
        onChange={(next) => set({ capacity: next as BuyerCapacity })}
      >
        <Stack gap={6} mt={6}>
          {BUYER_CAPACITIES.map((c) => (
            <Radio key={c} value={c} label={capacityLabel(c)} disabled={value.forCompany} />
          ))}
        </Stack>
      </Radio.Group>
      {inGroup ? null : (
        <Checkbox
          label="By for et selskap"
          checked={value.forCompany}
          onChange={(event) => set({ forCompany: event.currentTarget.checked })}
        />
      )}
      {value.forCompany && !inGroup ? (
        <>
          <Text size="xs" c="dimmed">
            Et selskap byr alltid som næringsdrivende.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <TextInput
              label="Organisasjonsnummer"
              placeholder="9 sifre"
              inputMode="numeric"
              autoComplete="off"
              value={value.orgNumber}
              onChange={(event) => set({ orgNumber: event.currentTarget.value })}
              error={errors?.orgNumber}
              required
            />
            <TextInput
              label="Selskapets navn"
              autoComplete="organization"
              value={value.companyName}
              onChange={(event) => set({ companyName: event.currentTarget.value })}
              error={errors?.companyName}
              required
            />
          </SimpleGrid>
          <Select
            label="Din rolle i selskapet"
            placeholder="Velg rolle"
            data={SIGNER_ROLES.map((role) => ({
              value: role,
              label: role.charAt(0).toUpperCase() + role.slice(1),
            }))}
            value={value.signerRole}
            onChange={(role) => set({ signerRole: (role as SignerRole | null) ?? null })}
            error={errors?.signerRole}
            allowDeselect={false}
            required
          />
        </>
      ) : null}
    </Stack>
  );
}
