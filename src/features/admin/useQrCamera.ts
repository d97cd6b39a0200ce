/**
 * The camera side of the ticket verifier: getUserMedia with the rear camera preferred, the
 * stream in a <video>, frames decoded at most 25 times a second (requestAnimationFrame,
 * throttled) on the downscaled scan region, and a 10 s decode time-out. The camera is stopped
 * when a code is found, on time-out, on stop() and on unmount.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { scannerMessages } from '../../shared/messages';
import { createScanCanvas, decodeSource, scanDue, SCANNER } from './qr-scan';

/** Where the scanner is: not started, asking for the camera, scanning, or ended in one of three ways. */
export type ScannerState = 'idle' | 'starting' | 'scanning' | 'found' | 'timeout' | 'error';

/** The state and the status line to show. */
export interface ScannerStatus {
  state: ScannerState;
  message: string;
}

/**
 * Drives the camera into `videoRef`. `onDecoded` receives the text of the first QR code found.
 * Returns the status, start() (also a restart) and stop().
 */
export function useQrCamera(videoRef: RefObject<HTMLVideoElement | null>, onDecoded: (text: string) => void) {
  const [status, setStatus] = useState<ScannerStatus>({ state: 'idle', message: '' });
  const session = useRef(0);
  const stream = useRef<MediaStream | null>(null);
  const frame = useRef<number | null>(null);
  const decoded = useRef(onDecoded);

  useEffect(() => {
    decoded.current = onDecoded;
  }, [onDecoded]);

  /** Ends the current session: stops the frame loop and every track, detaches the stream. */
  const release = useCallback(() => {
    session.current++;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    const video = videoRef.current;
    if (video) {
      video.pause();
      video.srcObject = null;
    }
  }, [videoRef]);

  const stop = useCallback(() => {
    release();
    setStatus({ state: 'idle', message: 'Camera stopped.' });
  }, [release]);

  const start = useCallback(async () => {
    release();
    const mine = session.current;
    const current = () => session.current === mine;
    setStatus({ state: 'starting', message: 'Starting camera...' });

    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus({ state: 'error', message: scannerMessages.noCamera });
      return;
    }
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    } catch (err) {
      if (!current()) return;
      const name = err instanceof Error ? err.name : '';
      if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
        setStatus({ state: 'error', message: 'Camera access blocked.' });
        window.alert(scannerMessages.cameraBlocked);
      } else if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') {
        setStatus({ state: 'error', message: scannerMessages.noCamera });
      } else {
        setStatus({ state: 'error', message: `Scanner error: ${err instanceof Error && err.message ? err.message : 'camera unavailable'}` });
      }
      return;
    }
    if (!current()) {
      media.getTracks().forEach((t) => t.stop());
      return;
    }
    stream.current = media;
    const video = videoRef.current;
    const scan = createScanCanvas();
    if (!video || !scan) {
      release();
      setStatus({ state: 'error', message: scannerMessages.noCamera });
      return;
    }
    video.srcObject = media;
    try {
      await video.play();
    } catch {
      // play() rejects when the stream is replaced or stopped meanwhile; a live session retries below.
    }
    if (!current()) return;
    setStatus({ state: 'scanning', message: 'Scanning... hold the ticket QR code inside the frame.' });

    const startedAt = performance.now();
    let lastScan = -Infinity;
    const tick = (now: number) => {
      if (!current()) return;
      if (now - startedAt >= SCANNER.timeoutMs) {
        release();
        setStatus({ state: 'timeout', message: scannerMessages.timeout });
        return;
      }
      if (scanDue(now, lastScan) && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        lastScan = now;
        if (video.paused) void video.play().catch(() => undefined);
        let text: string | null = null;
        try {
          text = decodeSource(video, video.videoWidth, video.videoHeight, scan);
        } catch (err) {
          console.error('QR decode failed', err);
        }
        if (text !== null) {
          release();
          setStatus({ state: 'found', message: 'QR code detected.' });
          decoded.current(text);
          return;
        }
      }
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
  }, [release, videoRef]);

  // Stop the camera when the page goes away.
  useEffect(() => release, [release]);

  return { status, start, stop, release };
}
