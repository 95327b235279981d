import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The static demo build (fake backend in the page) is served by a plain file server here. */
const DEMO_PORT = PORT + 1073;

/**
 * End-to-end tests against the real server (built front end + API) on a fresh database, in Debian's
 * Chromium (Playwright's own browser download is not available on this machine).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One at a time: the desktop specs share one server and its data. Running the in-page project
  // beside them (a worker each) was tried on 2026-11-26: on two cores its page, which runs the server
  // and the database itself, then took over 20 s to save an appointment, so it runs after them.
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The production build registers a service worker that fetches every script of the build in the
    // background: in a new context for every test that is work no test looks at, and the worker's
    // own fetches are out of reach of page.route. Blocked here; the specs about it (installing,
    // offline) allow it with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /in-page\.spec\.ts$/,
      workers: 1,
      // On the busy two-core machine a screen may take longer than the default 5 s to show.
      expect: { timeout: 10_000 },
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
    },
    {
      name: 'in-page',
      testMatch: /in-page\.spec\.ts$/,
      workers: 1,
      // Every request here runs the server and its database in the page, on the browser's own CPU:
      // on a busy machine a list can take longer than the desktop project's 10 s to appear.
      expect: { timeout: 20_000 },
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, baseURL: `http://127.0.0.1:${DEMO_PORT}` },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx scripts/e2e-server.ts',
      url: `http://127.0.0.1:${PORT}/api/heartbeat`,
      env: { PORT: String(PORT), HOST: '127.0.0.1' },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // No API at all: only the files of `npm run build:demo`.
      command: `npx vite preview --mode demo --outDir dist/demo --host 127.0.0.1 --port ${DEMO_PORT} --strictPort`,
      url: `http://127.0.0.1:${DEMO_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
