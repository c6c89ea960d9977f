import { Badge, Group, type MantineSpacing } from '@mantine/core';
import {
  identityText,
  PHONE_NOT_VERIFIED_LABEL,
  PHONE_VERIFIED_LABEL,
} from '../../../../shared/rules/identity';
import type { OwnerBidView } from '../../../../shared/schemas/bid';
import { STATUS_COLORS } from '../../../app/theme';
import { useIdentityConfig } from '../../site/use-identity-config';

// A badge cuts its label short with an ellipsis; in a narrow card 'MOBIL IKKE BEKREFTET' lost its end, and
// these words must be read whole, so the label wraps instead.
const WHOLE = {
  root: { height: 'auto', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

export type Verification = Pick<OwnerBidView, 'bidderIdentityVerified' | 'bidderPhoneVerified'>;

/**
 * 'ID bekreftet med BankID' or 'ID ikke bekreftet', and 'Mobil bekreftet' or 'Mobil ikke bekreftet'
 * (decision 064): in the owner's bidder rows and the admin's users.
 */
export function VerificationBadges({
  identityVerified,
  phoneVerified,
  mb,
}: {
  identityVerified: boolean;
  phoneVerified: boolean;
  mb?: MantineSpacing;
}) {
  const provider = useIdentityConfig()?.providerName ?? 'BankID';
  return (
    <Group gap="xs" mb={mb}>
      <Badge
        color={identityVerified ? STATUS_COLORS.active : STATUS_COLORS.closed}
        variant="filled"
        styles={WHOLE}
      >
        {identityText(identityVerified, provider)}
      </Badge>
      <Badge
        color={phoneVerified ? STATUS_COLORS.active : STATUS_COLORS.closed}
        variant="filled"
        styles={WHOLE}
      >
        {phoneVerified ? PHONE_VERIFIED_LABEL : PHONE_NOT_VERIFIED_LABEL}
      </Badge>
    </Group>
  );
}
