/**
 * What the function tests and the Netlify CLI tests use to receive e-mail as a delegate would: a
 * real SMTP server (smtp-server) on a random loopback port, the received messages parsed with
 * postal-mime, and the QR ticket of a message decoded with jsqr. No vitest imports: both test
 * projects load it.
 */
import type { AddressInfo } from 'node:net';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface SmtpReceiver {
  /** smtp://127.0.0.1:{port} */
  url: string;
  /** Raw messages received, in order. */
  messages: Buffer[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a random loopback port: authentication optional, no STARTTLS (a
 * self-signed certificate would fail nodemailer's check), collecting each raw message.
 * Recipients for which `reject` is true are refused with 550, like a mailbox that does not exist.
 */
export async function startSmtpReceiver(opts: { reject?: (address: string) => boolean } = {}): Promise<SmtpReceiver> {
  const messages: Buffer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.reject?.(address.address)) {
        const err = Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Parses a raw message with postal-mime. */
export function parseMail(raw: Buffer): Promise<Email> {
  return PostalMime.parse(raw);
}

/** The received messages whose subject names `regNo`, parsed with postal-mime. */
export async function messagesFor(messages: Buffer[], regNo: string): Promise<Email[]> {
  const parsed = await Promise.all(messages.map(parseMail));
  return parsed.filter((m) => m.subject?.includes(regNo));
}

/** The text of the QR code in a PNG (bytes, or base64 text as in an e-mail attachment), decoded with jsqr. Throws when there is none. */
export function decodeQrPng(content: ArrayBuffer | Uint8Array | string): string {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'base64') : Buffer.from(content instanceof Uint8Array ? content : new Uint8Array(content));
  const png = PNG.sync.read(bytes);
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
  if (!code) throw new Error('no QR code found in the PNG');
  return code.data;
}

/** A response body as JSON, or undefined when it is not JSON (tests look at both). */
export function jsonOrUndefined(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
