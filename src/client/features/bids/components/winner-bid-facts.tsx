import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatAmountInWords } from '../../../../shared/format/amount-in-words';
import { financingText, takeoverText } from '../../../../shared/format/bid-plan';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { formatTimeLeft } from '../../../../shared/format/time-left';
import { conditionsWithStates } from '../../../../shared/rules/conditions';
import type { OwnerBidView } from '../../../../shared/schemas/bid';
import { EmailLink, PhoneLink } from './bidder-details';
import classes from './winner-bid-facts.module.css';

const NOT_SET = 'Ikke oppgitt';

/** A term and its value, side by side from the xs breakpoint and stacked on phones. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className={classes.term}>{term}</dt>
      <dd className={classes.value}>{children}</dd>
    </>
  );
}

/**
 * The whole bid the seller is about to accept, as a definition list: what is bid, on what terms, and who to
 * call. Worded as the owner's bid list words the same facts (shared/format/bid-plan).
 */
export function WinnerBidFacts({ bid, now }: { bid: OwnerBidView; now: Date }) {
  const { user } = bid;
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <dl className={classes.facts}>
      <Fact term="Beløp">
        <Text fw={700} size="lg" component="span" display="block">
          {formatMoney(bid.amount)}
        </Text>
        <Text size="sm" fs="italic" component="span" display="block">
          {formatAmountInWords(bid.amount)}
        </Text>
      </Fact>
      <Fact term="Forbehold">
        <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {/* Each condition with where it stands (decision 066): a waived one no longer holds the sale up. */}
          {conditionsWithStates(bid) || 'Ingen'}
        </Text>
      </Fact>
      <Fact term="Akseptfrist">
        {bid.bidDeadline
          ? `${formatLongDate(bid.bidDeadline)} (${formatTimeLeft(bid.bidDeadline, now)})`
          : NOT_SET}
      </Fact>
      <Fact term="Finansieringsplan">{financingText(bid.financing)}</Fact>
      <Fact term="Ønsket overtakelse">{takeoverText(bid.takeoverDate)}</Fact>
      <Fact term="Finansieringsbevis">
        {bid.hasFinancingProof ? (
          <Anchor size="sm" href={`/api/bids/${bid.id}/financing-proof`} download>
            Vedlagt (last ned)
          </Anchor>
        ) : (
          'Ikke vedlagt'
        )}
      </Fact>
      <Fact term="Budgiver">{`${name} (${bid.bidderLabel})`}</Fact>
      <Fact term="Telefon">{user.phone ? <PhoneLink phone={user.phone} /> : NOT_SET}</Fact>
      <Fact term="E-post">{user.email ? <EmailLink email={user.email} /> : NOT_SET}</Fact>
    </dl>
  );
}
