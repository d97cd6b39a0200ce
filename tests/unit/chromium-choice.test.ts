/**
 * scripts/chromium.ts's order: CHROMIUM_PATH wins, then the system Chromium, then the one
 * @sparticuz/chromium ships. The file check is injected, so this runs the same with or without a
 * browser on the machine.
 */
import { describe, expect, it } from 'vitest';
import { chooseChromium, systemChromiumPath } from '../../scripts/chromium';

const executables = (...files: string[]) => (file: string) => files.includes(file);

describe('chooseChromium', () => {
  it('uses CHROMIUM_PATH even when the system Chromium is there', () => {
    expect(chooseChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, executables('/opt/chrome/chrome', systemChromiumPath))).toEqual({
      source: 'CHROMIUM_PATH',
      executablePath: '/opt/chrome/chrome',
    });
  });

  it('refuses a CHROMIUM_PATH that is not an executable file rather than quietly using another browser', () => {
    expect(() => chooseChromium({ CHROMIUM_PATH: '/nowhere/chrome' }, executables(systemChromiumPath))).toThrow('CHROMIUM_PATH=/nowhere/chrome is not an executable file');
  });

  it('uses /usr/bin/chromium when CHROMIUM_PATH is unset or blank', () => {
    expect(chooseChromium({}, executables(systemChromiumPath))).toEqual({ source: 'system', executablePath: '/usr/bin/chromium' });
    expect(chooseChromium({ CHROMIUM_PATH: ' ' }, executables(systemChromiumPath))).toEqual({ source: 'system', executablePath: '/usr/bin/chromium' });
  });

  it("falls back to the package's Chromium when there is no system one", () => {
    expect(chooseChromium({}, executables())).toEqual({ source: 'package' });
  });
});
