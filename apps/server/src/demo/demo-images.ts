import sharp from 'sharp';

/** The product's initials: the first letters of its first two words that start with a letter. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^\p{L}/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A small PNG for a demo product: a tile in its category's colour with its initials. Uploaded
 * through the product form, so the server checks, re-encodes and stores it as any upload.
 */
export async function productTile(name: string, colour: string, size = 160): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    `<rect width="100%" height="100%" rx="${size / 8}" fill="${escapeXml(colour)}"/>` +
    `<circle cx="${size * 0.82}" cy="${size * 0.18}" r="${size * 0.3}" fill="#ffffff" fill-opacity="0.18"/>` +
    `<text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" ` +
    `font-weight="bold" font-size="${size * 0.36}" fill="#ffffff">${escapeXml(initialsOf(name))}</text>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
