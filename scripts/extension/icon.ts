import { crc32, deflateSync } from 'node:zlib';

/**
 * The extension's toolbar and store icons (Chrome wants PNG), drawn from web/public/favicon.svg: a
 * rounded indigo square (32 units, corner radius 7) with a white T. 4×4 samples a pixel smooth the
 * edges. Drawn here so the build needs no image tool and the icon stays the favicon's.
 */
const BACKGROUND = [0x4c, 0x6e, 0xf5] as const;
const SAMPLES = 4;

function insideSquare(x: number, y: number): boolean {
  const radius = 7;
  const dx = Math.max(radius - x, 0, x - (32 - radius));
  const dy = Math.max(radius - y, 0, y - (32 - radius));
  return dx * dx + dy * dy <= radius * radius;
}

/** The T of the favicon's path: M9 10h14v3.2h-5.3V23h-3.4v-9.8H9z. */
function insideT(x: number, y: number): boolean {
  const bar = x >= 9 && x <= 23 && y >= 10 && y <= 13.2;
  const stem = x >= 14.3 && x <= 17.7 && y >= 13.2 && y <= 23;
  return bar || stem;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function renderIcon(size: number): Buffer {
  const row = 1 + size * 4;
  const raw = Buffer.alloc(row * size);
  for (let py = 0; py < size; py++) {
    raw[py * row] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      let square = 0;
      let letter = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = ((px + (sx + 0.5) / SAMPLES) * 32) / size;
          const y = ((py + (sy + 0.5) / SAMPLES) * 32) / size;
          if (!insideSquare(x, y)) continue;
          square++;
          if (insideT(x, y)) letter++;
        }
      }
      const total = SAMPLES * SAMPLES;
      const white = square === 0 ? 0 : letter / square;
      const at = py * row + 1 + px * 4;
      for (let c = 0; c < 3; c++) raw[at + c] = Math.round(BACKGROUND[c]! * (1 - white) + 255 * white);
      raw[at + 3] = Math.round((square / total) * 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
