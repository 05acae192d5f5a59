// `npm run icons`: renders web/public/favicon.svg into the PNG icons that browsers, phones and the
// web app manifest ask for, beside it in web/public. Run it after changing the SVG and commit the
// PNGs; the build then needs no image library (docs/decisions/0009-icons-rendered-once.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ICONS, ICONS_DIR, ICON_SOURCE, renderIcon } from './icons';

const svg = readFileSync(join(ICONS_DIR, ICON_SOURCE));
for (const icon of ICONS) {
  const png = await renderIcon(svg, icon);
  writeFileSync(join(ICONS_DIR, icon.file), png);
  console.log(`wrote ${join(ICONS_DIR, icon.file)} (${png.length} bytes)`);
}
