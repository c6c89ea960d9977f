import { Center, Image } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';

interface PropertyImageProps {
  src: string | null;
  alt: string;
  height: number;
}

/** The property's photo, or a neutral house symbol when the seller uploaded none. */
export function PropertyImage({ src, alt, height }: PropertyImageProps) {
  if (!src) {
    return (
      <Center h={height} bg="gray.1" role="img" aria-label={`${alt} (uten bilde)`}>
        <IconHome size={48} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
      </Center>
    );
  }
  return <Image src={src} alt={alt} h={height} fit="cover" loading="lazy" />;
}
