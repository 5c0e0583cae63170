/**
 * Headless Chromium for the console's browser tests: Debian's `chromium` package, driven by
 * playwright-core (no browser download). Missing → the suites skip with the install hint, or fail
 * under TOOLWRIGHT_REQUIRE_BACKENDS=1 (see backends.ts).
 */
import { requireBackend, type BackendStatus } from './backends';

/** Where Debian installs the browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Checks for Debian's chromium (call at load time). */
export function requireChromium(): BackendStatus {
  return requireBackend({ name: 'chromium', binaries: [CHROMIUM_PATH], debianPackages: ['chromium'] });
}

/** Launches headless Chromium with playwright-core. */
export async function launchChromium(): Promise<import('playwright-core').Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}
