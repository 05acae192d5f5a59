/**
 * The image pipeline's figures: how long a 4000 × 3000 JPEG takes from upload bytes to
 * stored widths, and how much the event loop is held up meanwhile (sharp works on libuv's thread
 * pool, so the loop should stay free for other requests). Run: `npm run bench:image`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { processImage } from '../server/modules/media/image-pipeline';

const RUNS = 5;

async function photo(width: number, height: number): Promise<Buffer> {
  // Noise compresses like a detailed photograph, the expensive case for a decoder.
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#a06030',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const input = await photo(4000, 3000);
await processImage(input); // warm-up: loads libvips' codecs
const times: number[] = [];
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  await processImage(input);
  times.push(performance.now() - started);
}
loop.disable();
times.sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(0)} ms`;
console.log(`input: 4000 × 3000 JPEG, ${(input.length / 1024 / 1024).toFixed(1)} MB; ${RUNS} runs`);
console.log(
  `processing (decode, orient, 3 widths as WebP): median ${ms(times[Math.floor(RUNS / 2)] ?? 0)}, max ${ms(times[RUNS - 1] ?? 0)}`,
);
console.log(
  `event-loop delay meanwhile: p50 ${ms(loop.percentile(50) / 1e6)}, p99 ${ms(loop.percentile(99) / 1e6)}, max ${ms(loop.max / 1e6)}`,
);
