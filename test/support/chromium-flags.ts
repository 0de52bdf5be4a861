/** Flags for Debian's Chromium on these machines: no sandbox (root in a container), no GPU, nothing fetched behind the test's back. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
