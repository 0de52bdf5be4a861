import type { ToolSet } from 'ai';
import type { AccountEvents } from '../../lib/account-events.js';
import {
  ACTION_LIMITS,
  ERROR_CODES,
  type Action,
  type ActionDefinition,
  type ActionOffer,
  type ActionRun,
  type ActionTrial,
  type OfferedInput,
} from '@sparks/contract';
import type { Db } from '../../db/database.js';
import type { StoredActionDoes } from '../../db/actions-schema.js';
import { AppError } from '../../lib/app-error.js';
import { SecretBox } from '../../lib/secret-box.js';
import type { WebFetcher } from '../../lib/web-fetcher.js';
import type { Mailer } from '../../mail/mailer.js';
import type { PlanService } from '../billing/plan-service.js';
import type { SparksService } from '../sparks/sparks-service.js';
import { ACTION_MATCH, actionMatch } from './action-match.js';
import { actionTools, type ActionToolsContext } from './action-tools.js';
import { prefilledValues } from './action-prefill.js';
import { ActionRunner } from './action-runner.js';
import { actionRunView } from './action-run-view.js';
import { actionView } from './action-view.js';
import { bodyTemplateProblem, urlTemplateProblem } from './action-template.js';
import { checkValues, maskedValues } from './action-values.js';
import { ActionsRepository, type ActionRow } from './actions-repository.js';

export interface ActionsDeps {
  sparks: SparksService;
  plans: PlanService;
  /** The outbound rule's fetcher, with the actions' time and size caps. */
  fetcher: WebFetcher;
  /** Where "send the details" e-mails go out. */
  mailer: Mailer;
  appSecret: string;
  /** Tests only: an API on this machine (http://127.0.0.1) may be called. */
  allowLoopback: boolean;
  /** Runs of one Spark's actions in an hour, from everyone together (ACTION_RUNS_PER_SPARK_HOUR). */
  runsPerSparkHour: number;
  /** Where a visitor's details sent by a "send the details" action are announced (webhooks). */
  events: AccountEvents;
}

/** An action a visitor asked for, checked and ready: what they gave (as their conversation keeps it) and the run itself. */
export interface VisitorRun {
  /** The inputs as the visitor's message in the conversation: "Order number: 1042", a sensitive one masked. */
  summary: string;
  run(): Promise<{ reply: string; ok: boolean }>;
}

/** An enabled action as a model's tool describes it: what it is for, its inputs, and whether the visitor confirms it first. */
export interface ToolAction {
  actionId: string;
  name: string;
  purpose: string;
  examples: string[];
  inputs: OfferedInput[];
  confirm: boolean;
}

/** An action changes something (the visitor confirms first) unless it only reads (GET) or opens a link. */
const changesSomething = (does: StoredActionDoes): boolean => does.kind === 'send' || (does.kind === 'api' && does.method !== 'GET');

/** What a visitor is asked for an action's inputs; whether one is sensitive stays on the server. */
const offeredInputs = (row: ActionRow): OfferedInput[] =>
  row.inputs.map(({ key, label, type, required, description, choices }) => ({ key, label, type, required, description, choices }));

/** Days a run stays in the log. */
export const RUNS_KEPT_DAYS = 30;

const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'This action does not exist.');
const invalid = (message: string) => new AppError(400, ERROR_CODES.VALIDATION_FAILED, message);

/**
 * A Spark's actions, the owner's side (docs/decisions/0042): what each is for, its inputs and the
 * call it makes, checked when saved (an https address whose host no input can change, a JSON body);
 * secret headers sealed and never read back; "Try it" with sample inputs; the runs' log.
 */
export class ActionsService {
  private readonly repository: ActionsRepository;
  private readonly box: SecretBox;
  private readonly runner: ActionRunner;

  constructor(
    db: Db,
    private readonly deps: ActionsDeps,
  ) {
    this.repository = new ActionsRepository(db);
    this.box = new SecretBox(deps.appSecret, 'action secrets v1');
    this.runner = new ActionRunner(deps.fetcher, deps.mailer);
  }

  async list(tenantId: string, sparkId: string): Promise<Action[]> {
    await this.deps.sparks.get(tenantId, sparkId);
    return (await this.repository.ofSpark(tenantId, sparkId)).map(actionView);
  }

  async create(tenantId: string, sparkId: string, body: ActionDefinition): Promise<Action> {
    await this.deps.sparks.get(tenantId, sparkId);
    const allowed = Math.min(ACTION_LIMITS.actionsPerSpark, (await this.deps.plans.planOf(tenantId)).plan.limits.actions);
    if ((await this.repository.count(sparkId)) >= allowed)
      throw new AppError(
        402,
        ERROR_CODES.LIMIT_REACHED,
        `Your plan includes ${allowed} actions a Spark, and this Spark has them all. Choose a bigger plan to add more.`,
      );
    const { does, sealed } = await this.stored(body, {});
    return actionView(await this.repository.insert({ tenantId, sparkId, ...this.fields(body), does, sealed }));
  }

  /** Saves the action anew; a secret header given without a value keeps the one saved. */
  async update(tenantId: string, sparkId: string, actionId: string, body: ActionDefinition): Promise<Action> {
    const row = await this.owned(tenantId, sparkId, actionId);
    const { does, sealed } = await this.stored(body, await this.secretsOf(row));
    return actionView((await this.repository.update(row.id, { ...this.fields(body), does, sealed })) ?? row);
  }

  async delete(tenantId: string, sparkId: string, actionId: string): Promise<void> {
    await this.repository.delete((await this.owned(tenantId, sparkId, actionId)).id);
  }

  /** Runs the action with sample inputs, as a visitor's would run, and logs it. */
  async tryIt(tenantId: string, sparkId: string, actionId: string, given: Record<string, string>): Promise<ActionTrial> {
    const row = await this.owned(tenantId, sparkId, actionId);
    const checked = checkValues(row.inputs, given);
    if ('problems' in checked) throw invalid(checked.problems.join(' '));
    const outcome = await this.runner.run(row, checked.values, await this.secretsOf(row));
    const run = await this.repository.logRun({
      tenantId,
      sparkId,
      actionId: row.id,
      actionName: row.name,
      source: 'try',
      inputs: maskedValues(row.inputs, checked.values),
      status: outcome.ok ? 'ok' : 'failed',
      httpStatus: outcome.httpStatus,
      problem: outcome.problem,
      durationMs: outcome.durationMs,
    });
    return { run: actionRunView(run), request: outcome.request, response: outcome.response, reply: outcome.reply };
  }

  /**
   * The action a visitor's message asks for, if one does (docs/decisions/0042): the enabled action
   * whose example requests its wordings match best, when that match is strong, or fair and the
   * documents' is weak. Offered with what the message already says of its inputs.
   */
  async offerFor(tenantId: string, sparkId: string, message: string, wordings: readonly string[], documentsWeak: boolean): Promise<ActionOffer | null> {
    const enabled = (await this.repository.ofSpark(tenantId, sparkId)).filter((row) => row.enabled);
    let best: { row: ActionRow; score: number } | null = null;
    for (const row of enabled) {
      const score = actionMatch([message, ...wordings], [...row.examples, row.purpose]);
      if (!best || score > best.score) best = { row, score };
    }
    if (!best || best.score < (documentsWeak ? ACTION_MATCH.floor : ACTION_MATCH.strong)) return null;
    const { row } = best;
    return { actionId: row.id, name: row.name, inputs: offeredInputs(row), values: prefilledValues(row.inputs, message), confirm: changesSomething(row.does) };
  }

  /**
   * A visitor's request for a person (the widget's hand-off) passed to every enabled "send the
   * details" action the owner made the hand-off's too: their e-mail address and question, by
   * e-mail or to the team's webhook, logged as a visitor's run. A failure is logged, never thrown:
   * the request itself is kept whatever happens here.
   */
  async handOff(tenantId: string, sparkId: string, lead: { email: string; question: string }): Promise<void> {
    const rows = (await this.repository.ofSpark(tenantId, sparkId)).filter((row) => row.enabled && row.does.kind === 'send' && row.does.handoff === true);
    for (const row of rows) {
      const inputs = [
        { key: 'email', label: 'E-mail', type: 'email' as const, required: true, description: '', sensitive: false, choices: [] },
        { key: 'question', label: 'Question', type: 'text' as const, required: true, description: '', sensitive: false, choices: [] },
      ];
      const outcome = await this.runner.run({ name: row.name, inputs, does: row.does }, lead, {}).catch(() => null);
      if (!outcome) continue;
      await this.repository.logRun({
        tenantId,
        sparkId,
        actionId: row.id,
        actionName: row.name,
        source: 'visitor',
        inputs: { email: lead.email, question: lead.question.slice(0, 200) },
        status: outcome.ok ? 'ok' : 'failed',
        httpStatus: outcome.httpStatus,
        problem: outcome.problem,
        durationMs: outcome.durationMs,
      });
    }
  }

  /** The Spark's enabled actions, for a model to call as tools (decision 0042). */
  async toolActions(tenantId: string, sparkId: string): Promise<ToolAction[]> {
    return (await this.repository.ofSpark(tenantId, sparkId))
      .filter((row) => row.enabled)
      .map((row) => ({
        actionId: row.id,
        name: row.name,
        purpose: row.purpose,
        examples: row.examples,
        inputs: offeredInputs(row),
        confirm: changesSomething(row.does),
      }));
  }

  /** The Spark's enabled actions as a model's tools for one turn, or none when it has none (decision 0042). */
  async modelTools(context: Omit<ActionToolsContext, 'actions' | 'service'>): Promise<ToolSet | undefined> {
    const actions = await this.toolActions(context.tenantId, context.sparkId);
    return actions.length > 0 ? actionTools({ ...context, actions, service: this }) : undefined;
  }

  /**
   * A visitor's answers to an action offered them, checked before anything counts: the action is
   * the Spark's and enabled, each value is of its input's type, and an action that changes
   * something was confirmed. The run, when it happens, is logged as the visitor's.
   */
  async visitorRun(
    tenantId: string,
    sparkId: string,
    actionId: string,
    given: Record<string, string>,
    confirmed: boolean,
    source: 'visitor' | 'test',
  ): Promise<VisitorRun> {
    const row = await this.repository.one(tenantId, sparkId, actionId);
    if (!row?.enabled) throw notFound();
    const checked = checkValues(row.inputs, given);
    if ('problems' in checked) throw invalid(checked.problems.join(' '));
    if (changesSomething(row.does) && !confirmed) throw new AppError(409, ERROR_CODES.CONFIRMATION_REQUIRED, 'Confirm the action first: it changes something.');
    // Many visitors together must not flood the owner's API: the runs of the last hour are counted from the log
    // (a few at the same moment may pass the count together: it bounds a flood, it is not a quota).
    if ((await this.repository.runsSince(sparkId, new Date(Date.now() - 3_600_000))) >= this.deps.runsPerSparkHour)
      throw new AppError(429, ERROR_CODES.RATE_LIMITED, 'This action is busy right now. Try again in a few minutes.');
    const { values } = checked;
    const masked = maskedValues(row.inputs, values);
    const summary = row.inputs.flatMap((input) => (masked[input.key] === undefined ? [] : [`${input.label}: ${masked[input.key]}`])).join('\n');
    return {
      summary: summary || row.name,
      run: async () => {
        const outcome = await this.runner.run(row, values, await this.secretsOf(row));
        await this.repository.logRun({
          tenantId,
          sparkId,
          actionId: row.id,
          actionName: row.name,
          source,
          inputs: masked,
          status: outcome.ok ? 'ok' : 'failed',
          httpStatus: outcome.httpStatus,
          problem: outcome.problem,
          durationMs: outcome.durationMs,
        });
        if (outcome.ok && row.does.kind === 'send' && source === 'visitor') {
          const details = Object.fromEntries(Object.entries(masked).map(([key, value]) => [`input.${key}`, value]));
          await this.deps.events.announce({ tenantId, event: 'lead.sent', data: { sparkId, actionId: row.id, action: row.name, ...details } });
        }
        return { reply: outcome.reply, ok: outcome.ok };
      },
    };
  }

  async runs(tenantId: string, sparkId: string): Promise<ActionRun[]> {
    await this.deps.sparks.get(tenantId, sparkId);
    return (await this.repository.runs(tenantId, sparkId)).map(actionRunView);
  }

  /** Housekeeping: runs are kept RUNS_KEPT_DAYS, long enough to follow a problem up. */
  forgetOldRuns(now = new Date()): Promise<number> {
    return this.repository.forgetRunsBefore(new Date(now.getTime() - RUNS_KEPT_DAYS * 86_400_000));
  }

  private fields(body: ActionDefinition) {
    return { name: body.name, purpose: body.purpose, examples: body.examples, inputs: body.inputs, enabled: body.enabled };
  }

  /** What is kept of the body: its templates checked, secret header values sealed apart. */
  private async stored(body: ActionDefinition, saved: Record<string, string>): Promise<{ does: StoredActionDoes; sealed: string | null }> {
    const keys = body.inputs.map((input) => input.key);
    if (new Set(keys).size !== keys.length) throw invalid('Two inputs have the same name.');
    if (body.does.kind === 'send') {
      // The webhook is the team's own address: no input goes into it.
      const problem = body.does.webhook === null ? null : urlTemplateProblem(body.does.webhook, [], this.deps.allowLoopback);
      if (problem) throw invalid(problem.replace('The address', 'The webhook'));
      return { does: body.does, sealed: null };
    }
    const urlProblem = urlTemplateProblem(body.does.url, keys, this.deps.allowLoopback);
    if (urlProblem) throw invalid(urlProblem);
    if (body.does.kind === 'link') return { does: body.does, sealed: null };
    const api = body.does;
    if (api.body !== null) {
      const problem = bodyTemplateProblem(api.body, keys);
      if (problem) throw invalid(problem);
    }
    if (new Set(api.headers.map((header) => header.name.toLowerCase())).size !== api.headers.length) throw invalid('Two headers have the same name.');
    const secrets: Record<string, string> = {};
    for (const header of api.headers.filter((candidate) => candidate.secret)) {
      const value = header.value ?? saved[header.name];
      if (!value) throw invalid(`The secret header ${header.name} needs its value.`);
      secrets[header.name] = value;
    }
    const missing = api.headers.find((header) => !header.secret && header.value === undefined);
    if (missing) throw invalid(`The header ${missing.name} needs its value.`);
    return {
      does: {
        ...api,
        headers: api.headers.map((header) => ({ name: header.name, secret: header.secret, value: header.secret ? null : (header.value ?? '') })),
      },
      sealed: Object.keys(secrets).length > 0 ? await this.box.seal(secrets) : null,
    };
  }

  private async secretsOf(row: ActionRow): Promise<Record<string, string>> {
    if (!row.sealed) return {};
    const opened = (await this.box.open(row.sealed)) as Record<string, unknown> | undefined;
    if (!opened)
      throw new AppError(409, ERROR_CODES.CONFLICT, 'The action’s secret headers can no longer be read (the server’s secret changed): enter them again.');
    return Object.fromEntries(Object.entries(opened).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }

  private async owned(tenantId: string, sparkId: string, actionId: string): Promise<ActionRow> {
    await this.deps.sparks.get(tenantId, sparkId);
    const row = await this.repository.one(tenantId, sparkId, actionId);
    if (!row) throw notFound();
    return row;
  }
}
