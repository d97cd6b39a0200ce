/**
 * QR decoding for the ticket verifier (docs/rules.md#fees-arithmetic-and-timings): frames are
 * drawn to a canvas downscaled so its longest side is at most 400 px, and jsQR reads the scan
 * region, a centred square two thirds of the smaller side. Uploaded images are read the same way,
 * then, if that finds nothing, whole and at a larger size (a photo need not be centred).
 */
import jsQR from 'jsqr';
import { scannerMessages } from '../../shared/messages';

/** The scanner's limits: scans per second, decode time-out, scan region fraction, canvas size. */
export const SCANNER = {
  maxScansPerSecond: 25,
  timeoutMs: 10_000,
  regionFraction: 2 / 3,
  canvasMaxSide: 400,
} as const;


/** The size of a `width` x `height` picture scaled down (never up) so its longest side is at most `maxSide`. */
export function downscaledSize(width: number, height: number, maxSide: number = SCANNER.canvasMaxSide): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The centred square `fraction` of the smaller side of a `width` x `height` picture. */
export function scanRegion(width: number, height: number, fraction: number = SCANNER.regionFraction): { x: number; y: number; size: number } {
  const size = Math.max(1, Math.floor(Math.min(width, height) * fraction));
  return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
}

/** True when at least 1000/maxScansPerSecond ms have passed since the last scan (the requestAnimationFrame throttle). */
export function scanDue(now: number, lastScan: number, maxScansPerSecond: number = SCANNER.maxScansPerSecond): boolean {
  return now - lastScan >= 1000 / maxScansPerSecond;
}

/** A reusable 2D canvas for decoding; `willReadFrequently` keeps getImageData cheap. */
export function createScanCanvas(): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } | null {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return ctx ? { canvas, ctx } : null;
}

/**
 * Draws `source` (a video frame or an image of `width` x `height`) downscaled to `maxSide` and
 * decodes a QR code in the scan region (`whole` false) or the whole picture. Returns the text or null.
 */
export function decodeSource(
  source: CanvasImageSource,
  width: number,
  height: number,
  scan: { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D },
  options: { maxSide?: number; whole?: boolean } = {},
): string | null {
  const { canvas, ctx } = scan;
  const size = downscaledSize(width, height, options.maxSide ?? SCANNER.canvasMaxSide);
  if (canvas.width !== size.width) canvas.width = size.width;
  if (canvas.height !== size.height) canvas.height = size.height;
  ctx.drawImage(source, 0, 0, size.width, size.height);
  const region = options.whole ? { x: 0, y: 0, w: size.width, h: size.height } : (({ x, y, size: s }) => ({ x, y, w: s, h: s }))(scanRegion(size.width, size.height));
  const image = ctx.getImageData(region.x, region.y, region.w, region.h);
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
  return code && code.data ? code.data : null;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/x-ms-bmp', 'image/avif']);
const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|bmp|avif)$/i;

/** True for the raster image types browsers decode; an empty type falls back to the file name's extension. */
export function isSupportedImage(file: { type: string; name: string }): boolean {
  if (file.type) return IMAGE_TYPES.has(file.type.toLowerCase());
  return IMAGE_EXTENSIONS.test(file.name);
}

/** The outcome of decoding an uploaded image. */
export type ImageDecodeResult = { ok: true; text: string } | { ok: false; message: string };

/**
 * Decodes an image file without a blob: URL: the site's Content-Security-Policy (netlify.toml)
 * allows images only from 'self', data: and https:, so createImageBitmap reads the bytes
 * directly, with a data: URL as the fallback for browsers without it.
 */
async function loadImage(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close?: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
  const img = new Image();
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('image load error'));
    img.src = url;
  });
  return { source: img, width: img.naturalWidth, height: img.naturalHeight };
}

/**
 * Decodes the QR code of an uploaded ticket image: 'Unsupported image type.' for anything but a
 * raster image, 'Image load error' when the browser cannot decode it, 'No QR code found' otherwise.
 */
export async function decodeImageFile(file: File): Promise<ImageDecodeResult> {
  if (!isSupportedImage(file)) return { ok: false, message: scannerMessages.unsupportedImage };
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(file);
  } catch {
    return { ok: false, message: scannerMessages.imageLoadError };
  }
  try {
    const scan = createScanCanvas();
    if (!scan || !image.width || !image.height) return { ok: false, message: scannerMessages.imageLoadError };
    const attempts: { maxSide: number; whole: boolean }[] = [
      { maxSide: SCANNER.canvasMaxSide, whole: false },
      { maxSide: SCANNER.canvasMaxSide, whole: true },
      { maxSide: 1200, whole: true },
    ];
    for (const attempt of attempts) {
      const text = decodeSource(image.source, image.width, image.height, scan, attempt);
      if (text !== null) return { ok: true, text };
    }
  } finally {
    image.close?.();
  }
  return { ok: false, message: scannerMessages.noQr };
}
