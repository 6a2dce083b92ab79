/**
 * Headless Chromium for the end-to-end tests: the system browser from Debian's `chromium` package
 * (`/usr/bin/chromium`, or `HOOKRAIL_CHROMIUM`), driven by playwright-core, with a fresh profile and
 * nothing that reaches the network on its own. Every request a page makes is recorded, so a test
 * can prove the report loads nothing. Screenshots go to test-artifacts/ (not committed).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { repositoryRoot } from '../helpers/cliProcess.js';

/** The browser binary: `HOOKRAIL_CHROMIUM`, else Debian's. */
export const chromiumPath = process.env['HOOKRAIL_CHROMIUM'] ?? '/usr/bin/chromium';

/** Where the e2e tests save their screenshots. */
export const artifactsDirectory = join(repositoryRoot, 'test-artifacts');

/** A page in a fresh browser, the requests it made, and the errors it threw. */
export interface BrowserPage {
  page: Page;
  requests: string[];
  errors: string[];
  close(): Promise<void>;
}

/** Launches Chromium with a fresh user-data-dir and opens one page of the given size. */
export async function openBrowserPage(viewport = { width: 1440, height: 900 }): Promise<BrowserPage> {
  if (!existsSync(chromiumPath))
    throw new Error(
      `${chromiumPath} not found: install Debian's chromium (apt-get install -y chromium) or set HOOKRAIL_CHROMIUM`,
    );
  const profile = mkdtempSync(join(tmpdir(), 'hookrail-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      viewport,
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
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return {
    page,
    requests,
    errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The path of a screenshot in test-artifacts/, creating the folder. */
export function artifactPath(name: string): string {
  mkdirSync(artifactsDirectory, { recursive: true });
  return join(artifactsDirectory, name);
}
