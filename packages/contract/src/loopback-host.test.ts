import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback-host.js';

describe('isLoopbackHost', () => {
  it('knows the names and addresses that always mean this machine', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', 'localhost.', '127.0.0.1', '127.1.2.3', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it('refuses everything else, including names that only start like one', () => {
    for (const host of ['', '0.0.0.0', '192.0.2.2', '[fd00::2]', 'localhost.example', 'evil-localhost', '127.0.0.1.example', '[::ffff:7f00:1]', '::1'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
