import { DAY_MS, weakPasswordReasons, type Language, type RegisterBody, type Tokens } from '@sparks/contract';
import { hmac, randomCode, randomToken, safeEqual } from '../../lib/secrets.js';
import { accountErrors } from './account-errors.js';
import { verificationEmail } from './account-emails.js';
import type { AccountDeps, ClientMeta } from './account-deps.js';
import { hashPassword } from './passwords.js';
import { SecretsRepository } from './secrets-repository.js';
import type { SessionService } from './session-service.js';
import { UsersRepository, isUniqueViolation, type UserRow } from './users-repository.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

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

  async register(body: RegisterBody): Promise<{ id: string; username: string; email: string; verified: boolean }> {
    const needs = weakPasswordReasons(body.password);
    if (needs.length > 0) throw accountErrors.weakPassword(needs);
    if ((await this.users.findByUsername(body.username)) ?? (await this.users.findByEmail(body.email))) {
      throw accountErrors.userExists();
    }
    let user: UserRow;
    try {
      user = await this.users.createAccount({
        username: body.username,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        language: body.config.language,
        verified: false,
        customerId: `cus_${randomToken(12)}`,
        trialEndsAt: new Date(Date.now() + this.deps.trialDays * DAY_MS),
      });
    } catch (error) {
      // Two registrations racing for the same address: the loser gets the same answer as a late one.
      if (isUniqueViolation(error)) throw accountErrors.userExists();
      throw error;
    }
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
    await this.users.markVerified(user.id);
    return this.sessions.start(user.id, meta);
  }

  private codeHash(userId: string, code: string): string {
    return hmac(this.deps.secret, `verify-email:${userId}:${code}`);
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

