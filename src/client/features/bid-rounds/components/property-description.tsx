import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'wouter';
import { LinkifiedText } from '../../../components/linkified-text';

/** Cards show this much of the description (SPEC §2); the round page shows all of it. */
export const DESCRIPTION_PREVIEW = 80;

export function roundPath(roundId: string): string {
  return `/budrunder/${roundId}`;
}

interface DescriptionPreviewProps {
  text: string;
  roundId: string;
  /**
   * Inside a card that is itself one link (the landing page): links stay text and 'Vis mer' only looks like
   * a link, because an <a> inside an <a> is invalid. A click on it is a click on the card.
   */
  insideLink?: boolean;
}

/** The description cut at 80 characters, with 'Vis mer' to the round page when something was cut. */
export function DescriptionPreview({ text, roundId, insideLink = false }: DescriptionPreviewProps) {
  const cut = text.length > DESCRIPTION_PREVIEW;
  let more: React.ReactNode = null;
  if (cut && insideLink) {
    more = (
      <Text span size="sm" fw={600} c="blue.8" td="underline" style={{ whiteSpace: 'nowrap' }}>
        Vis mer
      </Text>
    );
  } else if (cut) {
    more = (
      <Anchor component={Link} href={roundPath(roundId)} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        Vis mer
      </Anchor>
    );
  }
  return (
    <LinkifiedText
      size="sm"
      text={text}
      maxLength={DESCRIPTION_PREVIEW}
      linkify={!insideLink}
      suffix={more ? <> {more}</> : null}
    />
  );
}

/** The whole description on the round page, with the seller's line breaks and links. */
export function FullDescription({ text }: { text: string }) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        Om eiendommen
      </Title>
      <LinkifiedText text={text} style={{ whiteSpace: 'pre-line' }} maw="70ch" />
    </Stack>
  );
}
