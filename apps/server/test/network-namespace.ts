import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomInt } from 'node:crypto';

/** Whether this machine lets the tests make a network namespace (root with iproute2, as in CI). */
export function canMakeNetworkNamespace(): boolean {
  if (process.getuid?.() !== 0) return false;
  return spawnSync('ip', ['netns', 'list'], { stdio: 'ignore' }).status === 0;
}

/**
 * A second host on this machine: a network namespace joined to the host by a veth pair on a
 * /30 of its own, so a request from it reaches our server from an address that is not loopback.
 * Nothing leaves the machine; the namespace and its link are removed by `remove()`.
 */
export function networkNamespace(): { hostAddress: string; guestAddress: string; run(file: string, args: string[]): Promise<string>; remove(): void } {
  const id = `sparks${process.pid % 10000}${randomInt(1000)}`;
  const subnet = `10.231.${randomInt(256)}.${randomInt(64) * 4}`;
  const [a, b, c, d] = subnet.split('.').map(Number) as [number, number, number, number];
  const hostAddress = `${a}.${b}.${c}.${d + 1}`;
  const guestAddress = `${a}.${b}.${c}.${d + 2}`;
  const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
  ip('netns', 'add', id);
  try {
    ip('link', 'add', `h${id}`.slice(0, 15), 'type', 'veth', 'peer', 'name', `g${id}`.slice(0, 15));
    ip('link', 'set', `g${id}`.slice(0, 15), 'netns', id);
    ip('addr', 'add', `${hostAddress}/30`, 'dev', `h${id}`.slice(0, 15));
    ip('link', 'set', `h${id}`.slice(0, 15), 'up');
    ip('netns', 'exec', id, 'ip', 'addr', 'add', `${guestAddress}/30`, 'dev', `g${id}`.slice(0, 15));
    ip('netns', 'exec', id, 'ip', 'link', 'set', `g${id}`.slice(0, 15), 'up');
    ip('netns', 'exec', id, 'ip', 'link', 'set', 'lo', 'up');
  } catch (error) {
    spawnSync('ip', ['netns', 'del', id]);
    throw error;
  }
  return {
    hostAddress,
    guestAddress,
    // Asynchronous: the server answering the command usually runs in this very process.
    run: async (file, args) => (await promisify(execFile)('ip', ['netns', 'exec', id, file, ...args], { encoding: 'utf8', timeout: 20_000 })).stdout,
    remove: () => {
      spawnSync('ip', ['link', 'del', `h${id}`.slice(0, 15)]);
      spawnSync('ip', ['netns', 'del', id]);
    },
  };
}
