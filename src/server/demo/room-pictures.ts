import sharp from 'sharp';

// A listing shows the rooms as well as the outside (decision 043). Like property-picture.ts, drawn as SVG and
// rasterised by sharp, since the machine has no network to fetch photos from.

export type RoomKind = 'living-room' | 'kitchen' | 'bedroom';

const FLOORS: Record<RoomKind, string> = { 'living-room': '#c8a27a', kitchen: '#d6d3d1', bedroom: '#b08968' };

function furniture(kind: RoomKind, accent: string): string {
  switch (kind) {
    case 'kitchen':
      return `<rect x="120" y="430" width="960" height="200" fill="#f5f5f4" stroke="#a8a29e" stroke-width="4"/>
        <rect x="120" y="410" width="960" height="24" fill="#57534e"/>
        ${[0, 1, 2, 3, 4].map((i) => `<rect x="${150 + i * 190}" y="460" width="160" height="140" fill="none" stroke="#a8a29e" stroke-width="3"/>`).join('')}
        <rect x="160" y="170" width="380" height="150" fill="#f5f5f4" stroke="#a8a29e" stroke-width="4"/>
        <circle cx="860" cy="390" r="22" fill="${accent}"/>`;
    case 'bedroom':
      return `<rect x="300" y="400" width="600" height="220" rx="18" fill="#f8fafc" stroke="#cbd5e1" stroke-width="4"/>
        <rect x="300" y="330" width="600" height="90" rx="18" fill="${accent}"/>
        <rect x="340" y="420" width="200" height="70" rx="14" fill="#e2e8f0"/>
        <rect x="660" y="420" width="200" height="70" rx="14" fill="#e2e8f0"/>
        <rect x="140" y="480" width="120" height="140" fill="#92400e"/>`;
    default:
      return `<rect x="220" y="440" width="560" height="160" rx="26" fill="${accent}"/>
        <rect x="220" y="380" width="560" height="90" rx="26" fill="${accent}" opacity="0.85"/>
        <rect x="860" y="500" width="200" height="100" fill="#78350f"/>
        <rect x="880" y="250" width="14" height="250" fill="#1f2937"/>
        <circle cx="887" cy="240" r="40" fill="#fde68a"/>`;
  }
}

export async function drawRoomPicture(kind: RoomKind, accent: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#f1f5f9"/>
  <rect x="0" y="620" width="1200" height="180" fill="${FLOORS[kind]}"/>
  <rect x="600" y="90" width="420" height="260" fill="#bae6fd" stroke="#ffffff" stroke-width="14"/>
  <line x1="810" y1="90" x2="810" y2="350" stroke="#ffffff" stroke-width="10"/>
  ${furniture(kind, accent)}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
