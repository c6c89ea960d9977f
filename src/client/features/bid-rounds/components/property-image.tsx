import { Center, Image } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { PHOTO_SIZES, photoSources } from '../../../../shared/format/photo-layout';

interface PropertyImageProps {
  src: string | null;
  alt: string;
  height: number;
  /** The first card's photo is usually the largest thing on a phone's first screen: fetch it at once. */
  priority?: boolean;
  /**
   * How wide the photo is shown, as the `sizes` attribute (photo-layout.ts): the browser then fetches the
   * smallest stored size that fills it. A signed-in list's card by default.
   */
  sizes?: string;
}

/** The property's photo, or a neutral house symbol when the seller uploaded none. */
export function PropertyImage({
  src,
  alt,
  height,
  priority = false,
  sizes = PHOTO_SIZES.roundCard,
}: PropertyImageProps) {
  if (!src) {
    return (
      <Center h={height} bg="gray.1" role="img" aria-label={`${alt} (uten bilde)`}>
        <IconHome size={48} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      {...photoSources(src, sizes)}
      alt={alt}
      h={height}
      fit="cover"
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
