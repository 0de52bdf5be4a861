import { newPasswordProblems, type Language } from '@sparks/contract';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { accountErrors } from './account-errors.js';
import { resetEmail } from './account-emails.js';
import type { AccountDeps } from './account-deps.js';
import { hashPassword } from './passwords.js';
import { SecretsRepository } from './secrets-repository.js';
import { SessionsRepository } from './sessions-repository.js';
import { UsersRepository } from './users-repository.js';

export const RESET_TTL_MS = 60 * 60 * 1000;
export const LOGIN_TOKEN_TTL_MS = 5 * 60 * 1000;

export class PasswordService {
  constructor(private readonly deps: AccountDeps) {}

  /**
   * Unknown addresses get the same answer as known ones; only the account's owner receives anything.
   * A never-verified registration counts as unknown: anyone can make one for any address, so saying
   * it exists would tell a stranger which addresses someone tried to sign up with.
   */
  async forgot(email: string): Promise<void> {
    const users = new UsersRepository(this.deps.db);
    const user = await users.findByEmail(email);
    if (!user?.verifiedAt) return;
    const token = randomToken();
    await new SecretsRepository(this.deps.db).issue(user.id, 'reset-password', sha256(token), RESET_TTL_MS);
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mailer.send(resetEmail(user.email, link, user.language as Language));
    } catch (error) {
      this.deps.log.error({ err: error, userId: user.id }, 'reset e-mail could not be sent');
    }
  }

  /**
   * Sets the new password, ends every session of the account and returns a one-time login
   * token, all in one transaction: a half-done reset never leaves old sessions alive.
   */
  async reset(resetToken: string, newPassword: string): Promise<string> {
    const problems = newPasswordProblems(newPassword);
    if (problems.length > 0) throw accountErrors.weakPassword(problems);
    const passwordHash = await hashPassword(newPassword);
    const loginToken = randomToken();
    const userId = await this.deps.db.transaction(async (tx) => {
      const secrets = new SecretsRepository(tx);
      const grant = await secrets.consumeByHash('reset-password', sha256(resetToken));
      if (!grant) throw accountErrors.invalidGrant('This reset link');
      await new UsersRepository(tx).update(grant.userId, { passwordHash });
      await new SessionsRepository(tx).revokeAllOf(grant.userId, 'password-reset');
      await secrets.retireAll(grant.userId, 'reset-password');
      await secrets.issue(grant.userId, 'login', sha256(loginToken), LOGIN_TOKEN_TTL_MS);
      return grant.userId;
    });
    // Committed: the streams the old sessions kept open end now, on every instance.
    await this.deps.sessionEnds.announce({ userId });
    return loginToken;
  }
}
