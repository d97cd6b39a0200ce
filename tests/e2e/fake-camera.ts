/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture=<file.y4m>`)
 * showing a ticket QR code: the QR PNG from `qrcode` is decoded with pngjs, centred on a white
 * frame, converted from RGB to YUV 4:2:0 (BT.601, studio range) in plain TypeScript, and
 * written as YUV4MPEG2 frames. No ffmpeg needed.
 */
import { writeFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

export interface FakeCameraOptions {
  width?: number;
  height?: number;
  /** Frames per second of the clip (Chromium loops the file). */
  fps?: number;
  /** Length of the clip in frames. */
  frames?: number;
  /** Side of the QR image in pixels, quiet zone included; it must fit the scan region (2/3 of the smaller side). */
  qrSize?: number;
}

/** A QR code PNG of `text`, `size` pixels square with a 4-module quiet zone. */
export function qrPng(text: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', width: size, margin: 4, errorCorrectionLevel: 'M', color: { dark: '#000000ff', light: '#ffffffff' } });
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/**
 * One 4:2:0 frame (Y plane, then U, then V) of `png` centred on a white `width` x `height`
 * picture. Width and height must be even.
 */
export function pngToI420Frame(png: Buffer, width: number, height: number): Buffer {
  const image = PNG.sync.read(png);
  const rgb = new Uint8Array(width * height * 3).fill(255);
  const left = Math.floor((width - image.width) / 2);
  const top = Math.floor((height - image.height) / 2);
  for (let y = 0; y < image.height; y++) {
    const ty = top + y;
    if (ty < 0 || ty >= height) continue;
    for (let x = 0; x < image.width; x++) {
      const tx = left + x;
      if (tx < 0 || tx >= width) continue;
      const s = (y * image.width + x) * 4;
      const a = image.data[s + 3]! / 255;
      const d = (ty * width + tx) * 3;
      // Composite over white.
      rgb[d] = clamp(image.data[s]! * a + 255 * (1 - a));
      rgb[d + 1] = clamp(image.data[s + 1]! * a + 255 * (1 - a));
      rgb[d + 2] = clamp(image.data[s + 2]! * a + 255 * (1 - a));
    }
  }
  const ySize = width * height;
  const cw = width / 2;
  const ch = height / 2;
  const frame = Buffer.alloc(ySize + 2 * cw * ch);
  for (let i = 0; i < ySize; i++) {
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    frame[i] = clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b);
  }
  // Chroma: the average of each 2x2 block.
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const p = ((cy * 2 + dy) * width + cx * 2 + dx) * 3;
        r += rgb[p]!;
        g += rgb[p + 1]!;
        b += rgb[p + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const c = cy * cw + cx;
      frame[ySize + c] = clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      frame[ySize + cw * ch + c] = clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  return frame;
}

/** A YUV4MPEG2 clip of `frames` identical frames. */
export function y4mClip(frame: Buffer, width: number, height: number, fps: number, frames: number): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const marker = Buffer.from('FRAME\n', 'ascii');
  const parts: Buffer[] = [header];
  for (let i = 0; i < frames; i++) parts.push(marker, frame);
  return Buffer.concat(parts);
}

/** Writes a .y4m clip showing the QR code of `text` to `file` and returns the path. */
export async function writeFakeCamera(file: string, text: string, options: FakeCameraOptions = {}): Promise<string> {
  const { width = 640, height = 480, fps = 10, frames = 30, qrSize = 300 } = options;
  const frame = pngToI420Frame(await qrPng(text, qrSize), width, height);
  await writeFile(file, y4mClip(frame, width, height, fps, frames));
  return file;
}
