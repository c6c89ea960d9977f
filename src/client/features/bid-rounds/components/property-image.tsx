import { Center, Image } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';

interface PropertyImageProps {
  src: string | null;
  alt: string;
  height: number;
  /** The first card's photo is usually the largest thing on a phone's first screen: fetch it at once. */
  priority?: boolean;
}

/** The property's photo, or a neutral house symbol when the seller uploaded none. */
export function PropertyImage({ src, alt, height, priority = false }: PropertyImageProps) {
  if (!src) {
    return (
      <Center h={height} bg="gray.1" role="img" aria-label={`${alt} (uten bilde)`}>
        <IconHome size={48} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt={alt}
      h={height}
      fit="cover"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
