import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/** Debian's `wordpress` package, served by PHP's own server, on the machine's MariaDB. */
const WORDPRESS = '/usr/share/wordpress';
const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root' };

const has = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Why a real WordPress cannot run here, or null when it can. */
export function wordpressMissing(): string | null {
  if (!existsSync(join(WORDPRESS, 'wp-load.php'))) return `Debian's wordpress package is not installed (${WORDPRESS})`;
  if (!has('php')) return 'php is not installed (php-cli, php-mysql)';
  if (!has('mariadb')) return 'the mariadb client is not installed';
  try {
    execFileSync('mariadb', ['-h', MARIADB.host, '-P', String(MARIADB.port), '-u', MARIADB.user, '-e', 'select 1'], { stdio: 'ignore', timeout: 5_000 });
  } catch {
    return `MariaDB does not answer on ${MARIADB.host}:${MARIADB.port} as ${MARIADB.user}`;
  }
  return null;
}

export interface WordPressSite {
  url: string;
  /** Runs PHP inside the site (wp-load.php is required first); answers what it printed. */
  php(code: string, env?: Record<string, string>): string;
  stop(): Promise<void>;
}

/** A fresh WordPress install in a scratch folder and database, with `pluginDir` installed and activated. */
export async function startWordPress(pluginDir: string, pluginSlug: string): Promise<WordPressSite> {
  const root = mkdtempSync(join(tmpdir(), 'sparks-wp-'));
  const site = join(root, 'site');
  const database = `sparks_wp_${randomBytes(5).toString('hex')}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  cpSync(WORDPRESS, site, { recursive: true, verbatimSymlinks: true });
  cpSync(pluginDir, join(site, 'wp-content', 'plugins', pluginSlug), { recursive: true });
  const salts = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT']
    .map((name) => `define('${name}', '${randomBytes(24).toString('hex')}');`)
    .join('\n');
  writeFileSync(
    join(site, 'wp-config.php'),
    `<?php
define('DB_NAME', '${database}');
define('DB_USER', '${MARIADB.user}');
define('DB_PASSWORD', '');
define('DB_HOST', '${MARIADB.host}:${MARIADB.port}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${salts}
$table_prefix = 'wp_';
define('WP_HOME', '${url}');
define('WP_SITEURL', '${url}');
define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
define('WP_DEBUG', false);
define('DISABLE_WP_CRON', true);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
  );
  execFileSync('mariadb', ['-h', MARIADB.host, '-P', String(MARIADB.port), '-u', MARIADB.user, '-e', `create database \`${database}\``]);

  const php = (code: string, env: Record<string, string> = {}) => {
    const script = join(site, `run-${randomBytes(4).toString('hex')}.php`);
    writeFileSync(script, `<?php\n$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';\n$_SERVER['REQUEST_URI'] = '/';\n${code}`);
    try {
      return execFileSync('php', [script], { cwd: site, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
    } finally {
      rmSync(script, { force: true });
    }
  };
  php(`define('WP_INSTALLING', true);
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
wp_install('Bike shop', 'admin', 'admin@example.com', true, '', 'admin-password-123');
$activated = activate_plugin('${pluginSlug}/${pluginSlug}.php');
if (is_wp_error($activated)) { fwrite(STDERR, $activated->get_error_message()); exit(1); }
`);

  const server: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', site], { cwd: site, stdio: 'ignore' });
  const started = Date.now();
  for (;;) {
    const ready = await fetch(url, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 20_000) throw new Error('the PHP server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    php,
    // Asynchronous, so that a loaded machine slows the clean-up without holding the test process.
    async stop() {
      server.kill();
      await promisify(execFile)('mariadb', [
        '-h',
        MARIADB.host,
        '-P',
        String(MARIADB.port),
        '-u',
        MARIADB.user,
        '-e',
        `drop database if exists \`${database}\``,
      ]);
      await rm(root, { recursive: true, force: true });
    },
  };
}
