import sharp from 'sharp';

export interface PictureStyle {
  sky: [string, string];
  wall: string;
  roof: string;
  ground: string;
  /** 'house' | 'cabin' | 'apartment' changes the silhouette. */
  kind: 'house' | 'cabin' | 'apartment' | 'terrace';
}

// Demo rounds need photos, and the machine has no network to fetch any: draw simple scenes as SVG and let
// sharp rasterise them into real JPEGs that then go through the same upload pipeline as user images.
export async function drawPropertyPicture(style: PictureStyle): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${style.sky[0]}"/><stop offset="1" stop-color="${style.sky[1]}"/>
  </linearGradient></defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <circle cx="980" cy="150" r="70" fill="#fff6c8" opacity="0.9"/>
  <path d="M0 560 Q300 500 600 545 T1200 520 V800 H0Z" fill="${style.ground}"/>
  ${building(style)}
  <rect x="0" y="700" width="1200" height="100" fill="${style.ground}" opacity="0.6"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

function building({ kind, wall, roof }: PictureStyle): string {
  const windows = (xs: number[], y: number, w = 70, h = 70) =>
    xs
      .map(
        (x) =>
          `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#dbeafe" stroke="#fff" stroke-width="6"/>`,
      )
      .join('');
  switch (kind) {
    case 'apartment':
      return `<rect x="330" y="160" width="540" height="560" fill="${wall}"/>
        <rect x="310" y="140" width="580" height="30" fill="${roof}"/>
        ${[200, 320, 440, 560].map((y) => windows([380, 500, 620, 740], y, 80, 80)).join('')}
        <rect x="560" y="640" width="80" height="80" fill="#4b3621"/>`;
    case 'cabin':
      return `<polygon points="340,420 600,230 860,420" fill="${roof}"/>
        <rect x="380" y="410" width="440" height="290" fill="${wall}"/>
        ${windows([430, 680], 480)}
        <rect x="565" y="560" width="80" height="140" fill="#3f2a1a"/>
        <rect x="760" y="260" width="40" height="100" fill="#5b4636"/>`;
    case 'terrace':
      return [0, 1, 2]
        .map((i) => {
          const x = 180 + i * 280;
          return `<polygon points="${x - 10},360 ${x + 140},260 ${x + 290},360" fill="${roof}"/>
            <rect x="${x}" y="355" width="280" height="345" fill="${wall}" stroke="#ffffff" stroke-width="4"/>
            ${windows([x + 30, x + 170], 400, 80, 80)}
            <rect x="${x + 110}" y="560" width="60" height="140" fill="#374151"/>`;
        })
        .join('');
    default:
      return `<polygon points="280,400 600,180 920,400" fill="${roof}"/>
        <rect x="330" y="390" width="540" height="310" fill="${wall}"/>
        ${windows([380, 520, 700], 450, 90, 90)}
        <rect x="550" y="590" width="100" height="110" fill="#4b3621"/>
        <rect x="760" y="220" width="50" height="110" fill="#7f1d1d"/>`;
  }
}
