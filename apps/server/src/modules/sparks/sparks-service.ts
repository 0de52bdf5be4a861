import { ERROR_CODES, SPARK_DEFAULTS, TEST_LIMIT_MESSAGE, canAddTest, type Spark, type SparkPatch, type SparkTest, type SparkTheme } from '@sparks/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/secrets.js';
import type { PlanService } from '../billing/plan-service.js';
import { SparkTestsRepository, type SparkTestRow } from './spark-tests-repository.js';
import { SparksRepository, type SparkRow } from './sparks-repository.js';

const notFound = (what: 'Spark' | 'Test') => new AppError(404, ERROR_CODES.NOT_FOUND, `${what} not found`);

export function sparkView(row: SparkRow): Spark {
  return {
    _id: row.id,
    name: row.name,
    pin: row.pin,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    options: {
      isTest: row.isTest,
      deployToken: row.deployToken,
      initialMessage: row.initialMessage,
      level: row.level,
      sysPrompt: row.sysPrompt,
      theme: row.theme ?? null,
      generalKnowledge: row.generalKnowledge,
    },
  };
}

export function testView(row: SparkTestRow): SparkTest {
  return { _id: row.id, name: row.name, sparkId: row.sparkId, params: row.params, createdAt: row.createdAt.toISOString() };
}

/** Sparks and their tests, always within one tenant: another tenant's ids answer exactly like missing ones. */
export class SparksService {
  constructor(
    private readonly db: Db,
    private readonly plans: PlanService,
  ) {}

  /**
   * A new Spark with the product's defaults; the new-spark assistant names it as it creates it. The
   * plan admits it (PlanService.admit: the Spark limit under a lock on the tenant, the trial's end).
   */
  async create(tenantId: string, name: string = SPARK_DEFAULTS.name): Promise<Spark> {
    return this.db.transaction(async (tx) => {
      await this.plans.admit(tx, tenantId, 'sparks');
      const repository = new SparksRepository(tx);
      const row = await repository.create({ tenantId, name, initialMessage: SPARK_DEFAULTS.options.initialMessage, deployToken: `dpl_${randomToken(24)}` });
      return sparkView(row);
    });
  }

  async list(tenantId: string): Promise<Spark[]> {
    return (await new SparksRepository(this.db).listNewestFirst(tenantId)).map(sparkView);
  }

  async get(tenantId: string, sparkId: string): Promise<Spark> {
    const row = await new SparksRepository(this.db).find(tenantId, sparkId);
    if (!row) throw notFound('Spark');
    return sparkView(row);
  }

  /** What the assistants change: the instructions (sysPrompt), the greeting and the widget's look. */
  async configure(tenantId: string, sparkId: string, settings: { sysPrompt?: string; initialMessage?: string; theme?: SparkTheme }): Promise<Spark> {
    const row = await new SparksRepository(this.db).update(tenantId, sparkId, settings);
    if (!row) throw notFound('Spark');
    return sparkView(row);
  }

  async update(tenantId: string, sparkId: string, patch: SparkPatch): Promise<Spark> {
    const row = await new SparksRepository(this.db).update(tenantId, sparkId, patch);
    if (!row) throw notFound('Spark');
    return sparkView(row);
  }

  async delete(tenantId: string, sparkId: string): Promise<void> {
    if (!(await new SparksRepository(this.db).delete(tenantId, sparkId))) throw notFound('Spark');
  }

  /** The cap of 5 is checked under a lock on the Spark, so parallel requests cannot make a sixth. */
  async createTest(tenantId: string, sparkId: string, name: string, params: SparkTest['params']): Promise<SparkTest> {
    return this.db.transaction(async (tx) => {
      if (!(await new SparksRepository(tx).lock(tenantId, sparkId))) throw notFound('Spark');
      const tests = new SparkTestsRepository(tx);
      if (!canAddTest(await tests.count(sparkId))) throw new AppError(409, ERROR_CODES.COLLECTION_FULL, TEST_LIMIT_MESSAGE);
      // A test may name a document, but only one of this Spark's: never another tenant's.
      if (params.documentId !== undefined && !(await tests.hasDocument(sparkId, params.documentId))) {
        throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'body.params.documentId: must be one of this Spark’s documents');
      }
      const created = testView(await tests.create(sparkId, name, params));
      await new SparksRepository(tx).noteFirst(tenantId, sparkId, 'firstTestAt');
      return created;
    });
  }

  /** A test question was asked: the Spark's "Ask it a question" step stays done after the test is finished. */
  async noteTestQuestion(tenantId: string, sparkId: string): Promise<void> {
    await new SparksRepository(this.db).noteFirst(tenantId, sparkId, 'firstTestQuestionAt');
  }

  async listTests(tenantId: string, sparkId: string): Promise<SparkTest[]> {
    await this.ownSpark(tenantId, sparkId);
    return (await new SparkTestsRepository(this.db).list(sparkId)).map(testView);
  }

  async getTest(tenantId: string, sparkId: string, testId: string): Promise<SparkTest> {
    const row = await new SparkTestsRepository(this.db).findOwned(tenantId, sparkId, testId);
    if (row) return testView(row);
    // Only a miss pays for the second query, which tells a missing Spark from a missing test.
    await this.ownSpark(tenantId, sparkId);
    throw notFound('Test');
  }

  async renameTest(tenantId: string, sparkId: string, testId: string, name: string): Promise<SparkTest> {
    await this.ownSpark(tenantId, sparkId);
    const row = await new SparkTestsRepository(this.db).rename(sparkId, testId, name);
    if (!row) throw notFound('Test');
    return testView(row);
  }

  async deleteTest(tenantId: string, sparkId: string, testId: string): Promise<void> {
    await this.ownSpark(tenantId, sparkId);
    if (!(await new SparkTestsRepository(this.db).delete(sparkId, testId))) throw notFound('Test');
  }

  async reportTestError(tenantId: string, sparkId: string, testId: string, error: string): Promise<{ id: string; createdAt: string }> {
    await this.getTest(tenantId, sparkId, testId);
    const report = await new SparkTestsRepository(this.db).recordError(testId, error);
    return { id: report.id, createdAt: report.createdAt.toISOString() };
  }

  private async ownSpark(tenantId: string, sparkId: string): Promise<void> {
    if (!(await new SparksRepository(this.db).find(tenantId, sparkId))) throw notFound('Spark');
  }
}
