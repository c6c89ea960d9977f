import { Anchor, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { splitLinks } from '../../shared/format/links';

interface LinkifiedTextProps extends TextProps {
  text: string;
  maxLength?: number;
  /** False inside something that is already a link: an <a> in an <a> is invalid, so links stay plain text. */
  linkify?: boolean;
  /** Inline content after the text, such as a 'Vis mer' link. */
  suffix?: ReactNode;
}

/** Free text with its web links clickable. Everything is rendered as text nodes: no HTML ever comes through. */
export function LinkifiedText({
  text,
  maxLength,
  linkify = true,
  suffix,
  style,
  ...props
}: LinkifiedTextProps) {
  return (
    // A long URL must wrap rather than push a phone-wide page sideways.
    <Text {...props} style={[{ overflowWrap: 'anywhere' }, style]}>
      {splitLinks(text, maxLength).map((part, i) =>
        part.kind === 'link' && linkify ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed split of one string.
          <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={i}>{part.text}</span>
        ),
      )}
      {suffix}
    </Text>
  );
}
