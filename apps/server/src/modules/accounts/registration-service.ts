import { DAY_MS, weakPasswordReasons, type Language, type RegisterBody, type Tokens } from '@sparks/contract';
import { hmac, randomCode, randomToken, safeEqual } from '../../lib/secrets.js';
import { accountErrors } from './account-errors.js';
import { verificationEmail } from './account-emails.js';
import type { AccountDeps, ClientMeta } from './account-deps.js';
import { hashPassword } from './passwords.js';
import { removeExpiredRegistrations } from './pending-registrations.js';
import { SecretsRepository } from './secrets-repository.js';
import type { SessionService } from './session-service.js';
import { UsersRepository, isUniqueViolation, type UserRow } from './users-repository.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** How long a new registration is safe from being replaced by another registration of its address. */
export const REPLACEABLE_AFTER_MS = CODE_TTL_MS;

export class RegistrationService {
  private readonly users: UsersRepository;
  private readonly secrets: SecretsRepository;

  constructor(
    private readonly deps: AccountDeps,
    private readonly sessions: SessionService,
  ) {
    this.users = new UsersRepository(deps.db);
    this.secrets = new SecretsRepository(deps.db);
  }

  /**
   * Creates a pending account, or replaces one nobody verified: a registration proves nothing
   * until its code comes back, so it must not keep the address from its owner. A registration
   * still in its first code's lifetime is left alone, so a stranger cannot swap in a password of
   * their own while the owner is typing the code (the owner would then verify the stranger's account).
   */
  async register(body: RegisterBody): Promise<{ id: string; username: string; email: string; verified: boolean }> {
    // The login name is the address the code proves; any other address there would be claimed unverified.
    if (body.username !== body.email) throw accountErrors.usernameNotEmail();
    const needs = weakPasswordReasons(body.password);
    if (needs.length > 0) throw accountErrors.weakPassword(needs);
    const holders = await this.users.holdersOf(body.email);
    const replaceableBefore = new Date(Date.now() - REPLACEABLE_AFTER_MS);
    if (holders.some((holder) => holder.verifiedAt !== null || holder.createdAt > replaceableBefore)) throw accountErrors.userExists();
    let user: UserRow | undefined;
    try {
      user = await this.users.replacePending(
        holders.map((holder) => holder.id),
        replaceableBefore,
        {
          username: body.username,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          language: body.config.language,
          verified: false,
          customerId: `cus_${randomToken(12)}`,
          trialEndsAt: new Date(Date.now() + this.deps.trialDays * DAY_MS),
        },
      );
    } catch (error) {
      // Two registrations racing for the same address: the loser gets the same answer as a late one.
      if (isUniqueViolation(error)) throw accountErrors.userExists();
      throw error;
    }
    if (!user) throw accountErrors.userExists();
    await this.sendCodeTo(user);
    return { id: user.id, username: user.username, email: user.email, verified: false };
  }

  /** Unknown addresses get the same quiet answer as known ones, so the call cannot probe for accounts. */
  async resendCode(username: string): Promise<void> {
    const user = await this.users.findByUsername(username);
    if (!user) return;
    if (user.verifiedAt) throw accountErrors.alreadyVerified();
    await this.sendCodeTo(user);
  }

  async verifyCode(username: string, code: string, meta: ClientMeta): Promise<Tokens> {
    const user = await this.users.findByUsername(username);
    if (!user) throw accountErrors.userNotFound();
    if (user.verifiedAt) throw accountErrors.alreadyVerified();
    const current = await this.secrets.latestUsable(user.id, 'verify-email');
    if (!current || !(await this.secrets.countAttempt(current.id, CODE_MAX_ATTEMPTS))) throw accountErrors.invalidCode();
    if (!safeEqual(current.secretHash, this.codeHash(user.id, code))) throw accountErrors.invalidCode();
    if (!(await this.secrets.consume(current.id))) throw accountErrors.invalidCode();
    // A registration replaced between the code check and here leaves nothing to verify.
    if (!(await this.users.markVerified(user.id))) throw accountErrors.invalidCode();
    return this.sessions.start(user.id, meta);
  }

  private codeHash(userId: string, code: string): string {
    return hmac(this.deps.secret, `verify-email:${userId}:${code}`);
  }

  /** Removes the registrations nobody verified in time (the hourly job); answers how many. */
  removeExpired(now: Date): Promise<number> {
    return removeExpiredRegistrations(this.deps.db, now);
  }

  /** A failed send is logged, not fatal: the account stays and the user can ask for the code again. */
  private async sendCodeTo(user: UserRow): Promise<void> {
    const code = randomCode();
    await this.secrets.issue(user.id, 'verify-email', this.codeHash(user.id, code), CODE_TTL_MS);
    try {
      await this.deps.mailer.send(verificationEmail(user.email, code, user.language as Language));
    } catch (error) {
      this.deps.log.error({ err: error, userId: user.id }, 'verification e-mail could not be sent');
    }
  }
}
