import { ActionIcon, Badge, Box, Group, Image, Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconTrash } from '@tabler/icons-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { photoSizeUrl } from '../../../../shared/format/photo-sizes';

type Action = 'left' | 'right' | 'remove';

/** The list with the photo at `from` moved to `to`. */
export function movedPhoto(photos: string[], from: number, to: number): string[] {
  const next = [...photos];
  const [photo] = next.splice(from, 1);
  if (photo !== undefined) next.splice(to, 0, photo);
  return next;
}

/**
 * The chosen photos as thumbnails, the first marked 'Forsidebilde'. They are reordered by drag and drop, or
 * with the buttons under each for those who use a keyboard; focus follows the moved photo, and a screen
 * reader hears where it went.
 */
export function PhotoThumbnails({
  photos,
  onChange,
}: {
  photos: string[];
  onChange: (photos: string[]) => void;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<{ index: number; action: Action } | null>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focus) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(`[data-action="${focus.action}"]`);
    const target = buttons?.[Math.min(focus.index, buttons.length - 1)];
    // At either end the button the person pressed is disabled: the photo's other arrow takes the focus.
    if (target?.disabled) target.closest('li')?.querySelector<HTMLButtonElement>('button:enabled')?.focus();
    else target?.focus();
    setFocus(null);
  }, [focus]);

  const move = (from: number, to: number, action?: Action) => {
    if (to < 0 || to >= photos.length || from === to) return;
    onChange(movedPhoto(photos, from, to));
    setAnnouncement(`Bilde ${from + 1} er flyttet til plass ${to + 1}`);
    if (action) setFocus({ index: to, action });
  };
  const remove = (index: number) => {
    onChange(photos.filter((_, i) => i !== index));
    setAnnouncement(`Bilde ${index + 1} er fjernet`);
    if (photos.length > 1) setFocus({ index, action: 'remove' });
  };
  const dropOn = (event: DragEvent, index: number) => {
    if (dragged === null) return;
    event.preventDefault();
    move(dragged, index);
    setDragged(null);
  };

  if (photos.length === 0) return null;
  return (
    <div ref={list}>
      <SimpleGrid
        component="ul"
        cols={{ base: 2, xs: 3 }}
        spacing="xs"
        aria-label="Valgte bilder"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {photos.map((path, i) => (
          <Box
            component="li"
            key={path}
            draggable
            data-testid="photo-thumbnail"
            onDragStart={(event: DragEvent) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(i));
              setDragged(i);
            }}
            onDragOver={(event: DragEvent) => dragged !== null && event.preventDefault()}
            onDrop={(event: DragEvent) => dropOn(event, i)}
            onDragEnd={() => setDragged(null)}
            style={{ cursor: 'grab', opacity: dragged === i ? 0.5 : 1, minWidth: 0 }}
          >
            <Paper withBorder p={4} radius="sm">
              <Box pos="relative">
                <Image src={photoSizeUrl(path, 480)} alt={`Bilde ${i + 1}`} h={96} fit="cover" radius="xs" />
                {i === 0 ? (
                  <Badge pos="absolute" top={4} left={4} size="sm" variant="filled">
                    Forsidebilde
                  </Badge>
                ) : null}
              </Box>
              <Group gap={4} justify="space-between" wrap="nowrap" mt={4}>
                <Text size="xs" c="gray.7">
                  {i + 1}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    data-action="left"
                    aria-label={`Flytt bilde ${i + 1} til venstre`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1, 'left')}
                  >
                    <IconArrowLeft size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    data-action="right"
                    aria-label={`Flytt bilde ${i + 1} til høyre`}
                    disabled={i === photos.length - 1}
                    onClick={() => move(i, i + 1, 'right')}
                  >
                    <IconArrowRight size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    data-action="remove"
                    aria-label={`Fjern bilde ${i + 1}`}
                    onClick={() => remove(i)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          </Box>
        ))}
      </SimpleGrid>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </div>
  );
}
