import { Resolver } from 'node:dns/promises';

export interface DomainCheckLog {
  warn(object: object, message: string): void;
}

const CACHE_MS = 60 * 60 * 1000;
/** IANA keeps example.com resolvable for ever; a resolver that denies it is not telling the truth. */
const CANARY = 'example.com';
const CANARY_MS = 5 * 60 * 1000;
const CACHE_MAX = 2_000;
/** Answers that mean "this name has no such records" rather than "the resolver failed". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/**
 * Does an e-mail domain exist? MX records, or failing those A/AAAA, say yes; a definite NXDOMAIN
 * or no records say no. When the resolver fails, or denies even example.com (an offline machine's
 * sinkhole), the answer is yes (logged), so such a machine can still register users; the e-mail
 * code proves the address anyway.
 */
export class DomainCheckService {
  private readonly cache = new Map<string, { dns: boolean; until: number }>();
  private readonly resolver: Resolver;
  private canary: { trustworthy: boolean; until: number } | undefined;

  constructor(
    private readonly log: DomainCheckLog,
    servers: string[] = [],
  ) {
    this.resolver = new Resolver({ timeout: 2_000, tries: 2 });
    if (servers.length > 0) this.resolver.setServers(servers);
  }

  async check(domain: string): Promise<boolean> {
    const cached = this.cache.get(domain);
    if (cached && cached.until > Date.now()) return cached.dns;
    const result = await this.lookup(domain);
    if (!result.dns && result.definite && !(await this.resolverIsTrustworthy())) {
      // Offline and sandboxed machines often answer "no such domain" for every name.
      this.log.warn({ domain }, 'the DNS resolver denies even example.com; accepting the domain');
      return true;
    }
    if (result.definite) this.remember(domain, result.dns);
    return result.dns;
  }

  private async resolverIsTrustworthy(): Promise<boolean> {
    if (this.canary && this.canary.until > Date.now()) return this.canary.trustworthy;
    const answer = await this.lookup(CANARY);
    const trustworthy = answer.dns && answer.definite;
    this.canary = { trustworthy, until: Date.now() + CANARY_MS };
    return trustworthy;
  }

  private async lookup(domain: string): Promise<{ dns: boolean; definite: boolean }> {
    const attempts = [() => this.resolver.resolveMx(domain), () => this.resolver.resolve4(domain), () => this.resolver.resolve6(domain)];
    for (const attempt of attempts) {
      try {
        if ((await attempt()).length > 0) return { dns: true, definite: true };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (code === 'ENOTFOUND' || code === 'NXDOMAIN') return { dns: false, definite: true };
        if (!ABSENT.has(code)) {
          this.log.warn({ domain, code }, 'domain check could not reach DNS; accepting the domain');
          return { dns: true, definite: false };
        }
      }
    }
    return { dns: false, definite: true };
  }

  private remember(domain: string, dns: boolean): void {
    if (this.cache.size >= CACHE_MAX) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(domain, { dns, until: Date.now() + CACHE_MS });
  }
}
