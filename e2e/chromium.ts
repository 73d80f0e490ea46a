/**
 * Debian's Chromium (apt package `chromium`, installed by .ci/run): Playwright cannot download
 * browsers here. The flags keep it off the network and let it run as root in CI.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
