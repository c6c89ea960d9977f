import { Anchor, Text, type TextProps } from '@mantine/core';
import { splitLinks } from '../../shared/format/links';

/** Free text with its web links clickable. Everything is rendered as text nodes: no HTML ever comes through. */
export function LinkifiedText({
  text,
  maxLength,
  ...props
}: TextProps & { text: string; maxLength?: number }) {
  return (
    <Text {...props}>
      {splitLinks(text, maxLength).map((part, i) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed split of one string.
          <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
