import { ERROR_CODES, type Language, type Objective, type ObjectiveStepPatch } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { REPORTED_STEPS, deployObjectives, profileObjectives, sparkObjectives } from './objective-catalog.js';
import { ObjectivesRepository } from './objectives-repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** product.md §7 and §16: Spanish unless the language asked for, or else stored, contains "en". */
const languageOf = (asked: string | undefined, stored: string): Language => ((asked ?? stored).includes('en') ? 'en' : 'es');

const unknownStep = () => new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'This step does not exist here');
const derivedStep = () => new AppError(409, ERROR_CODES.CONFLICT, 'This step completes by itself when it is really done; it cannot be set by hand');

export class ObjectivesService {
  private readonly repository: ObjectivesRepository;

  constructor(db: Db) {
    this.repository = new ObjectivesRepository(db);
  }

  /**
   * `id` is a Spark's id or a menu topic. Topics without objectives of their own (main_chat,
   * settings, billing) have none; another tenant's Spark is answered like a missing one.
   */
  async objectives(tenantId: string, userId: string, id: string, lang: Language | undefined): Promise<Objective[]> {
    const profile = await this.profile(userId);
    const language = languageOf(lang, profile.language);
    if (id === 'profile-menu' || id === 'profile') return profileObjectives(userId, profile, language);
    if (id === 'deploy')
      return deployObjectives(userId, await this.repository.reported('deploy', userId), await this.repository.deployFacts(tenantId), language);
    if (!UUID.test(id)) return [];
    const facts = await this.repository.sparkFacts(tenantId, id);
    if (!facts) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
    return sparkObjectives(id, userId, facts, language);
  }

  /**
   * product.md §7 PATCH: records a step only the user can report (the deploy screen's steps, or a
   * Spark's "added to my website"); a step read from the Spark's own state is refused.
   */
  async report(tenantId: string, userId: string, scope: string, patch: ObjectiveStepPatch, lang?: Language): Promise<Objective[]> {
    if (scope === 'deploy') {
      const step = patch.stepId.replace(/^deploy:/, '');
      if (!(REPORTED_STEPS.deploy as readonly string[]).includes(`deploy:${step}`)) throw unknownStep();
      await this.repository.report(userId, 'deploy', null, step, patch.status);
      return this.objectives(tenantId, userId, 'deploy', lang);
    }
    // The profile's steps are all read from the profile itself; other topics have no steps to report.
    if (scope === 'profile' || scope === 'profile-menu') throw derivedStep();
    if (!UUID.test(scope)) throw unknownStep();
    if (!(await this.repository.sparkFacts(tenantId, scope))) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
    const key = patch.stepId.startsWith(`${scope}:`) ? patch.stepId.slice(scope.length + 1) : patch.stepId;
    if (!(REPORTED_STEPS.spark as readonly string[]).includes(key)) {
      const known = (await this.objectives(tenantId, userId, scope, lang)).some((objective) => objective.steps.some((step) => step._id === `${scope}:${key}`));
      throw known ? derivedStep() : unknownStep();
    }
    await this.repository.report(userId, scope, scope, key.split(':').at(-1)!, patch.status);
    return this.objectives(tenantId, userId, scope, lang);
  }

  private async profile(userId: string) {
    const profile = await this.repository.profileFacts(userId);
    if (!profile) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'User not found');
    return profile;
  }
}
