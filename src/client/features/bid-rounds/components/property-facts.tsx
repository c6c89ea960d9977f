import { Text } from '@mantine/core';
import type { PublicProperty } from '../../../../shared/schemas/bid-round';

/** Size, rooms, build year and floor, when the seller gave them: '74 m² · 3 rom · Byggeår 1898'. */
export function PropertyFacts({ property }: { property: PublicProperty }) {
  const facts = [
    property.size ? `${property.size} m²` : null,
    property.rooms ? `${property.rooms} rom` : null,
    property.buildYear ? `Byggeår ${property.buildYear}` : null,
    property.floor || null,
  ].filter(Boolean);
  if (facts.length === 0) return null;
  return <Text size="sm">{facts.join(' · ')}</Text>;
}
