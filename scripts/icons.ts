import sharp from 'sharp';

/** Where the SVG favicon lives and the PNGs rendered from it go (copied as they are into the build). */
export const ICONS_DIR = 'web/public';
export const ICON_SOURCE = 'favicon.svg';
/** --color-accent in web/src/styles/global.css, the SVG's own background. */
const ACCENT = '#3451b2';

export interface IconSpec {
  file: string;
  size: number;
  /**
   * The SVG's transparent rounded corners filled with its own colour. iOS (apple-touch-icon) and
   * Android (maskable) cut their own shape and would otherwise show black or white corners.
   */
  opaque: boolean;
}

export const ICONS: IconSpec[] = [
  { file: 'favicon-32x32.png', size: 32, opaque: false },
  { file: 'favicon-48x48.png', size: 48, opaque: false },
  { file: 'apple-touch-icon.png', size: 180, opaque: true },
  { file: 'icon-192.png', size: 192, opaque: false },
  { file: 'icon-512.png', size: 512, opaque: false },
  { file: 'icon-maskable-512.png', size: 512, opaque: true },
];

/** The SVG drawn `size` pixels square, as PNG bytes. */
export function renderIcon(svg: Buffer, icon: IconSpec): Promise<Buffer> {
  // The SVG's viewBox is 32 units wide; rasterise it at the density that makes it `size` pixels.
  let image = sharp(svg, { density: Math.ceil((72 * icon.size) / 32) }).resize(icon.size, icon.size);
  if (icon.opaque) image = image.flatten({ background: ACCENT });
  return image.png({ compressionLevel: 9 }).toBuffer();
}
