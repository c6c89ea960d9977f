import { Group, Stack } from '@mantine/core';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { EditPhotosButton } from '../../photos/components/edit-photos-button';
import { RoundProspectus } from '../../prospectus/components/round-prospectus';
import { RoundViewings } from '../../viewings/components/round-viewings';
import { EditListingButton } from './edit-listing-button';
import { RoundChanges } from './round-changes';
import classes from './round-listing.module.css';

/** Whether the round page has a listing block to show: the owner, and an admin, always have its controls. */
export function hasListing(round: BidRoundView, viewerIsAdmin = false): boolean {
  return (
    round.isOwner ||
    viewerIsAdmin ||
    round.changes.length > 0 ||
    round.viewings.length > 0 ||
    round.property.prospectus !== null
  );
}

/**
 * The listing's parts on the round page beside the description (decisions 044–046), in the order a buyer
 * reads a Norwegian listing: the salgsoppgave, the viewings, then what has changed since it was published.
 */
export function RoundListing({ round }: { round: BidRoundView }) {
  return (
    <Stack gap="md" data-testid="round-listing">
      {/* One row of the seller's edit buttons; each shows only to those who may use it. A row with none is
          not drawn, so a bidder's block does not start with an empty gap. */}
      <Group gap="xs" className={classes.editRow}>
        <EditListingButton round={round} />
        <EditPhotosButton round={round} />
      </Group>
      <RoundProspectus round={round} />
      <RoundViewings round={round} />
      <RoundChanges changes={round.changes} />
    </Stack>
  );
}
