import { ERROR_CODES, type Objective } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { profileObjectives, sparkObjectives } from './objective-catalog.js';
import { ObjectivesRepository } from './objectives-repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec §7: Spanish unless the language asked for, or else stored, contains "en". */
const languageOf = (asked: string | undefined, stored: string): 'en' | 'es' => ((asked ?? stored).includes('en') ? 'en' : 'es');

export class ObjectivesService {
  private readonly repository: ObjectivesRepository;

  constructor(db: Db) {
    this.repository = new ObjectivesRepository(db);
  }

  /**
   * `id` is a Spark's id or a menu topic. Topics without objectives of their own (main_chat,
   * settings, billing; deploy until deployment exists) have none; another tenant's Spark is
   * answered like a missing one.
   */
  async objectives(tenantId: string, userId: string, id: string, lang: 'en' | 'es' | undefined): Promise<Objective[]> {
    const profile = await this.repository.profileFacts(userId);
    if (!profile) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'User not found');
    const language = languageOf(lang, profile.language);
    if (id === 'profile-menu' || id === 'profile') return profileObjectives(userId, profile, language);
    if (!UUID.test(id)) return [];
    const facts = await this.repository.sparkFacts(tenantId, id);
    if (!facts) throw new AppError(404, ERROR_CODES.NOT_FOUND, 'Spark not found');
    return sparkObjectives(id, userId, facts, language);
  }
}
