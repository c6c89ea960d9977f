import { Divider, SimpleGrid, Text } from '@mantine/core';
import type { OwnerBidView } from '../../../../shared/schemas/bid';
import { LabeledText, LabeledValue } from '../../../components/labeled-value';
import { EmailLink, PhoneLink } from './bidder-details';
import { VerificationBadges } from './verification-badges';

/**
 * The group's other members a bid binds (decision 065), for the owner and admins: each with how to reach them,
 * and who of them placed the bid.
 */
export function CoBidderDetails({ bid }: { bid: OwnerBidView }) {
  if (bid.coBidders.length === 0) return null;
  return (
    <>
      {bid.coBidders.map((person) => (
        <div key={`${person.name}-${person.email}`} data-testid="co-bidder-details">
          <Divider my="xs" variant="dashed" />
          <Text size="xs" fw={700} mb={4}>
            Medbudgiver
          </Text>
          <VerificationBadges
            identityVerified={person.identityVerified}
            phoneVerified={person.phoneVerified}
            mb="xs"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
            <LabeledText labelSize="xs" label="Navn" value={person.name} />
            {person.email ? (
              <LabeledValue label="E-post" labelSize="xs">
                <EmailLink email={person.email} />
              </LabeledValue>
            ) : (
              <LabeledText labelSize="xs" label="E-post" value={null} />
            )}
            {person.phone ? (
              <LabeledValue label="Telefon" labelSize="xs">
                <PhoneLink phone={person.phone} />
              </LabeledValue>
            ) : (
              <LabeledText labelSize="xs" label="Telefon" value={null} />
            )}
          </SimpleGrid>
        </div>
      ))}
      <Text size="xs" c="dimmed" mt="xs">
        Lagt inn av {bid.placedBy}
      </Text>
    </>
  );
}
