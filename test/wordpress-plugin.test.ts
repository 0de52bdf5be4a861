import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWordPress, wordpressMissing, type WordPressSite } from './support/wordpress-site';

const PLUGIN = join(import.meta.dirname, '..', 'integrations', 'wordpress', 'sparks-chat');
const TOKEN = 'dpl_AbCdEfGhIjKlMnOpQrStUvWx';
const missing = wordpressMissing();
// CI installs WordPress, PHP and MariaDB's client, and must run these; elsewhere they are skipped, saying why.
const required = process.env.WORDPRESS_TEST_REQUIRED === '1';

describe('the WordPress plugin', () => {
  it.skipIf(missing !== null && !required)(`is valid PHP${missing ? ` (skipped: ${missing})` : ''}`, () => {
    expect(missing).toBeNull();
    for (const file of readdirSync(PLUGIN).filter((name) => name.endsWith('.php'))) {
      expect(execFileSync('php', ['-l', join(PLUGIN, file)], { encoding: 'utf8' })).toContain('No syntax errors');
    }
  });
});

describe.skipIf(missing !== null && !required)(`the WordPress plugin in a real WordPress${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let site: WordPressSite;
  beforeAll(async () => {
    if (missing) throw new Error(`WordPress cannot run here: ${missing}`);
    site = await startWordPress(PLUGIN, 'sparks-chat');
  }, 120_000);
  afterAll(() => site?.stop(), 60_000);

  /** Runs the settings form's own cleaning on `input` and saves what it keeps, as options.php does. */
  const save = (input: Record<string, unknown>) =>
    JSON.parse(
      site.php(
        `require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/template.php';
$clean = sparks_chat_sanitize(json_decode(getenv('SPARKS_INPUT'), true));
update_option('sparks_chat_settings', $clean);
echo json_encode(array('saved' => get_option('sparks_chat_settings'), 'errors' => wp_list_pluck(get_settings_errors('sparks_chat_settings'), 'code')));`,
        { SPARKS_INPUT: JSON.stringify(input) },
      ),
    ) as { saved: Record<string, unknown>; errors: string[] };
  const home = async () => (await fetch(site.url)).text();

  it('adds nothing until configured, then the loader tag to every public page', async () => {
    expect(await home()).not.toContain('widget.js');
    expect(save({ server_url: 'https://sparks.example/', deploy_token: TOKEN, open: '' })).toEqual({
      saved: { server_url: 'https://sparks.example', deploy_token: TOKEN, open: 0 },
      errors: [],
    });
    const tag = (page: string) => /<script[^>]*src="https:\/\/sparks\.example\/widget\.js"[^>]*><\/script>/.exec(page)?.[0] ?? '';
    const loader = tag(await home());
    expect(loader).toContain(`data-spark="${TOKEN}"`);
    expect(loader).toMatch(/ async(="async")?[ >]/);
    expect(loader).not.toContain('data-open');
    save({ server_url: 'https://sparks.example', deploy_token: TOKEN, open: '1' });
    expect(tag(await home())).toMatch(/ data-open(="data-open")?[ >]/);
  });

  it('refuses a forged token and escapes a hostile address', async () => {
    const forged = save({ server_url: 'https://sparks.example', deploy_token: `${TOKEN}" onload="alert(1)` });
    expect(forged.errors).toEqual(['sparks_chat_token']);
    expect(forged.saved.deploy_token).toBe(TOKEN);
    const hostile = save({ server_url: 'javascript:alert(1)', deploy_token: TOKEN });
    expect(hostile.errors).toEqual(['sparks_chat_url']);
    save({ server_url: 'https://sparks.example/"><script>alert(1)</script>', deploy_token: TOKEN });
    const page = await home();
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('onload="alert');
  });

  it('shows its settings page under Settings with a nonce and escaped values', () => {
    save({ server_url: 'https://sparks.example', deploy_token: TOKEN });
    const html = site.php(`require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
wp_set_current_user(1);
set_current_screen('settings_page_sparks-chat');
do_action('admin_menu');
do_action('admin_init');
global $submenu;
echo json_encode(wp_list_pluck($submenu['options-general.php'], 2)), "\\n";
sparks_chat_render_settings_page();`);
    expect(html).toContain('"sparks-chat"');
    expect(html).toMatch(/name="_wpnonce" value="[0-9a-f]{10}"/);
    expect(html).toMatch(/name=['"]option_page['"] value=['"]sparks_chat['"]/);
    expect(html).toContain(`value="${TOKEN}"`);
  });

  it('removes its settings when uninstalled', () => {
    save({ server_url: 'https://sparks.example', deploy_token: TOKEN });
    const left = site.php(`require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
deactivate_plugins('sparks-chat/sparks-chat.php');
uninstall_plugin('sparks-chat/sparks-chat.php');
var_export(get_option('sparks_chat_settings', 'gone'));`);
    expect(left).toBe("'gone'");
  });
});
