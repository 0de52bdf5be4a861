import type { TestCase, TestRun } from '@sparks/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorOf, verifiedAccount } from '#test/accounts-helpers.js';
import { appWithFakeModel } from '#test/app-with-fake-model.js';
import { chatClient } from '#test/chat-helpers.js';
import { documentsClient } from '#test/documents-helpers.js';
import { appOnTarget } from '#test/test-app.js';
import { VELOCITA_POLICY as POLICY } from '#test/document-fixtures.js';
import { testDatabaseTargets } from '#test/test-databases.js';
import { TEST_RUN_JOB } from './test-runs-service.js';

function testsClient(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    proposal: (sparkId: string, testId: string) => app.inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/tests/${testId}/case-proposal`, headers }),
    save: (sparkId: string, payload: unknown) =>
      app.inject({ method: 'POST', url: `/api/v1/sparks/${sparkId}/test-cases`, headers, payload: payload as object }),
    cases: async (sparkId: string): Promise<TestCase[]> =>
      (await app.inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/test-cases`, headers })).json().data,
    run: (sparkId: string) => app.inject({ method: 'POST', url: `/api/v1/sparks/${sparkId}/test-runs`, headers }),
    runs: async (sparkId: string): Promise<TestRun[]> => (await app.inject({ method: 'GET', url: `/api/v1/sparks/${sparkId}/test-runs`, headers })).json().data,
    update: (sparkId: string, caseId: string, payload: unknown) =>
      app.inject({ method: 'PATCH', url: `/api/v1/sparks/${sparkId}/test-cases/${caseId}`, headers, payload: payload as object }),
  };
}

/** An owner with a Spark that answers from the policy, and a helper that holds a test chat. */
async function ownerWithPolicy(app: FastifyInstance) {
  const { tokens } = await verifiedAccount(app);
  const token = tokens.access_token;
  const chat = chatClient(app, token);
  const documents = documentsClient(app, token);
  const spark = await chat.newSpark();
  const { document } = await documents.uploadReady(spark._id, 'policy.md', POLICY);
  /** One test chat asking the questions in turn, as one conversation. */
  const converse = async (...questions: string[]) => {
    const test = await chat.newTest(spark._id, questions[0]!.slice(0, 20));
    let conversationId: string | undefined;
    for (const question of questions) {
      const response = await chat.test(spark._id, test._id, question, conversationId);
      expect(response.statusCode, response.payload).toBe(200);
      conversationId = (response.json() as { data: { conversationId: string } }).data.conversationId;
    }
    return test._id;
  };
  return { token, sparkId: spark._id, documentId: document._id, chat, documents, tests: testsClient(app, token), converse };
}

const settle = (app: FastifyInstance) => app.jobs.idle(TEST_RUN_JOB);

describe.each(testDatabaseTargets())('re-runnable test cases with the offline responder on $name', (target) => {
  const app = appOnTarget(target);

  it('proposes a case from a test chat: its questions, the amounts it stated and the document it cited', async () => {
    const owner = await ownerWithPolicy(app());
    const testId = await owner.converse('Within how many days can bicycles be returned?');
    const proposal = await owner.tests.proposal(owner.sparkId, testId);
    expect(proposal.statusCode, proposal.payload).toBe(200);
    expect(proposal.json().data).toMatchObject({
      name: 'Within how many days can bicycles be returned?',
      turns: [
        {
          question: 'Within how many days can bicycles be returned?',
          answer: expect.stringContaining('30 days'),
          expectations: { mustInclude: ['30 days'], mustNotInclude: [], citesDocument: { documentId: owner.documentId, name: 'policy.md' }, expectation: null },
        },
      ],
    });
    const untouched = (await owner.chat.newTest(owner.sparkId, 'Empty'))._id;
    expect((await owner.tests.proposal(owner.sparkId, untouched)).statusCode).toBe(409);
  });

  it('runs three cases green; removing the document turns the case that cites it red with the reason', async () => {
    const owner = await ownerWithPolicy(app());
    const returns = await owner.converse('Within how many days can bicycles be returned?');
    const warranty = await owner.converse('What warranty do the frames carry?');
    const greeting = await owner.converse('Which receipt do I need for a return?');
    const saved = [
      await owner.tests.save(owner.sparkId, {
        testId: returns,
        name: 'Returns',
        checks: [{ turn: 0, mustInclude: ['30 days'], citesDocumentId: owner.documentId }],
      }),
      await owner.tests.save(owner.sparkId, {
        testId: warranty,
        name: 'Warranty',
        checks: [{ turn: 0, mustInclude: ['lifetime warranty'], mustNotInclude: ['five-year'] }],
      }),
      await owner.tests.save(owner.sparkId, {
        testId: greeting,
        name: 'Receipt',
        checks: [{ turn: 0, mustNotInclude: ['no receipt needed'], expectation: 'mentions the receipt' }],
      }),
    ];
    for (const response of saved) expect(response.statusCode, response.payload).toBe(201);

    // Saving cases is a change the job notices; a run asked for meanwhile joins the same one.
    const asked = await owner.tests.run(owner.sparkId);
    expect(asked.statusCode).toBe(202);
    await settle(app());
    const [first] = await owner.tests.runs(owner.sparkId);
    expect(first).toMatchObject({ status: 'done', total: 3, completed: 3, passed: 3, failed: 0 });
    const green = await owner.tests.cases(owner.sparkId);
    expect(green.map((testCase) => [testCase.name, testCase.lastResult?.passed, testCase.lastResult?.graded])).toEqual([
      ['Returns', true, 'checks'],
      ['Warranty', true, 'checks'],
      ['Receipt', true, 'checks'],
    ]);
    expect(green[0]!.lastResult!.previousAnswer).toBe(green[0]!.turns[0]!.baseline);

    // The sweep may also have noticed the first saved case before the others on a busy machine: count from here.
    const before = (await owner.tests.runs(owner.sparkId)).length;
    expect((await owner.documents.remove(owner.sparkId, owner.documentId)).statusCode).toBe(200);
    await settle(app());
    const runs = await owner.tests.runs(owner.sparkId);
    expect(runs).toHaveLength(before + 1);
    expect(runs[0]).toMatchObject({ trigger: 'change', status: 'done', total: 3 });
    const red = (await owner.tests.cases(owner.sparkId)).find((testCase) => testCase.name === 'Returns')!;
    expect(red.lastResult).toMatchObject({ passed: false, previousAnswer: expect.stringContaining('30 days') });
    expect(red.lastResult!.failures).toContainEqual({
      code: 'document-gone',
      detail: 'policy.md',
      message: "It should cite policy.md, which is no longer among the Spark's documents.",
      turn: 0,
    });
    expect(red.lastResult!.failures).toContainEqual(expect.objectContaining({ code: 'missing', detail: '30 days' }));

    // The Spark's objectives follow the last run.
    const steps = (await owner.chat.objectives(owner.sparkId)).flatMap((objective) => objective.steps);
    expect(steps.find((step) => step._id === `${owner.sparkId}:test:pass`)?.status).toBe('error');
  });

  it('judges each question’s answer against its own checks and says which question failed', async () => {
    const owner = await ownerWithPolicy(app());
    const testId = await owner.converse(
      'Within how many days can bicycles be returned?',
      'What warranty do the frames carry?',
      'Which receipt do I need for a return?',
    );
    const proposal = (await owner.tests.proposal(owner.sparkId, testId)).json().data as { name: string; turns: Array<{ question: string; answer: string }> };
    expect(proposal.turns.map((turn) => turn.question)).toEqual([
      'Within how many days can bicycles be returned?',
      'What warranty do the frames carry?',
      'Which receipt do I need for a return?',
    ]);
    expect(proposal.turns[1]!.answer).toContain('lifetime warranty');
    // The first answer must mention the window; later answers say nothing of it and must not fail it.
    const saved = await owner.tests.save(owner.sparkId, { testId, name: 'Three questions', checks: [{ turn: 0, mustInclude: ['30 days'] }] });
    expect(saved.statusCode, saved.payload).toBe(201);
    expect(
      (saved.json().data as TestCase).turns.map((turn) => [turn.question.slice(0, 12), turn.expectations?.mustInclude ?? null, turn.baseline !== '']),
    ).toEqual([
      ['Within how m', ['30 days'], true],
      ['What warrant', null, true],
      ['Which receip', null, true],
    ]);
    await settle(app());
    let [testCase] = await owner.tests.cases(owner.sparkId);
    expect(testCase!.lastResult).toMatchObject({ passed: true, turn: 0, answer: expect.stringContaining('30 days') });

    // A check on the second question that its answer does not meet fails that question, by number.
    const caseId = testCase!._id;
    const updated = await owner.tests.update(owner.sparkId, caseId, {
      checks: [
        { turn: 0, mustInclude: ['30 days'] },
        { turn: 1, mustInclude: ['ten-year'] },
      ],
    });
    expect(updated.statusCode, updated.payload).toBe(200);
    expect((await owner.tests.run(owner.sparkId)).statusCode).toBe(202);
    await settle(app());
    [testCase] = await owner.tests.cases(owner.sparkId);
    expect(testCase!.lastResult).toMatchObject({
      passed: false,
      turn: 1,
      answer: expect.stringContaining('lifetime warranty'),
      previousAnswer: expect.stringContaining('lifetime warranty'),
    });
    expect(testCase!.lastResult!.failures).toEqual([{ code: 'missing', detail: 'ten-year', message: 'The answer does not mention “ten-year”.', turn: 1 }]);
  });

  it('saving the same chat again updates its case; bad input is refused and changes nothing', async () => {
    const owner = await ownerWithPolicy(app());
    const testId = await owner.converse('Within how many days can bicycles be returned?');
    const first = await owner.tests.save(owner.sparkId, { testId, checks: [{ turn: 0, mustInclude: ['30 days'] }] });
    expect(first.statusCode).toBe(201);
    const again = await owner.tests.save(owner.sparkId, { testId, name: 'Returns window', checks: [{ turn: 0, mustInclude: ['30 days', 'receipt'] }] });
    expect(again.json().data).toMatchObject({
      _id: first.json().data._id,
      name: 'Returns window',
      turns: [{ expectations: { mustInclude: ['30 days', 'receipt'] } }],
    });

    const stranger = await ownerWithPolicy(app());
    const hostile: Array<[unknown, number]> = [
      [{ testId, checks: [{ turn: 0, citesDocumentId: stranger.documentId }] }, 400],
      [{ testId, checks: [{ turn: 0, mustInclude: Array.from({ length: 11 }, (_, index) => `fact ${index}`) }] }, 400],
      [{ testId, checks: [{ turn: 0, mustInclude: ['x'.repeat(201)] }] }, 400],
      [{ testId, checks: [{ turn: 0, mustInclude: ['bell\u0007'] }] }, 400],
      // A question the chat does not have, the same question twice, a place that is no number.
      [{ testId, checks: [{ turn: 1, mustInclude: ['30 days'] }] }, 400],
      [{ testId, checks: [{ turn: 10, mustInclude: ['30 days'] }] }, 400],
      [
        {
          testId,
          checks: [
            { turn: 0, mustInclude: ['a'] },
            { turn: 0, mustInclude: ['b'] },
          ],
        },
        400,
      ],
      [{ testId, checks: [{ turn: '0', mustInclude: ['a'] }] }, 400],
      [{ testId, checks: [{ mustInclude: ['a'] }] }, 400],
      [{ testId, checks: [], tenantId: stranger.sparkId }, 400],
      [{ testId, expectations: { mustInclude: ['a'] } }, 400],
      [{ testId: 'not-an-id', checks: [] }, 400],
      [{ testId: stranger.sparkId, checks: [] }, 404],
    ];
    for (const [payload, status] of hostile) {
      const response = await owner.tests.save(owner.sparkId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(errorOf(response).errors.length).toBeGreaterThan(0);
    }
    expect((await owner.tests.cases(owner.sparkId)).map((testCase) => testCase.turns[0]!.expectations?.mustInclude)).toEqual([['30 days', 'receipt']]);
    const caseId = first.json().data._id as string;
    expect((await owner.tests.update(owner.sparkId, caseId, { checks: [{ turn: 3, mustInclude: ['x'] }] })).statusCode).toBe(400);
    expect((await stranger.tests.save(owner.sparkId, { testId, checks: [] })).statusCode).toBe(404);
    expect((await stranger.tests.run(owner.sparkId)).statusCode).toBe(404);
    expect((await stranger.tests.update(owner.sparkId, first.json().data._id, { name: 'mine' })).statusCode).toBe(404);
    expect((await stranger.tests.run(stranger.sparkId)).statusCode).toBe(409);
  });
});

describe('re-runnable test cases graded by a model', () => {
  const [pglite] = testDatabaseTargets();
  const { app, fake } = appWithFakeModel(pglite!);

  it('grades the plain-words expectation with the model and shows the previous answer beside the new one', async () => {
    const owner = await ownerWithPolicy(app());
    fake().enqueue({ text: 'Bicycles can be returned within 30 days [1].' });
    const testId = await owner.converse('Within how many days can bicycles be returned?');

    // The model proposes what a good answer does; the proposal keeps the amount and the cited document as well.
    fake().enqueue({
      text: 'Here you go: {"mustInclude": ["within 30 days", "30 days"], "mustNotInclude": ["no returns"], "expectation": "states the return window"}',
    });
    const proposal = (await owner.tests.proposal(owner.sparkId, testId)).json().data;
    expect(proposal.turns[0].expectations).toEqual({
      mustInclude: ['30 days', 'within 30 days'],
      mustNotInclude: ['no returns'],
      citesDocument: { documentId: owner.documentId, name: 'policy.md' },
      expectation: 'states the return window',
      callsAction: null,
    });
    // An answer that is not the asked-for JSON proposes nothing more than the chat showed.
    fake().enqueue({ text: 'I would check the return window.' });
    expect((await owner.tests.proposal(owner.sparkId, testId)).json().data.turns[0].expectations).toMatchObject({
      mustInclude: ['30 days'],
      expectation: null,
    });

    // The save is a change: its run replays the question, then asks the model to grade.
    fake().enqueue({ text: 'You can return it within 30 days [1].' }, { text: 'FAIL: it does not apologise for the trouble' });
    const saved = await owner.tests.save(owner.sparkId, {
      testId,
      checks: [{ turn: 0, mustInclude: ['30 days'], citesDocumentId: owner.documentId, expectation: 'apologises for the trouble' }],
    });
    expect(saved.statusCode, saved.payload).toBe(201);
    await settle(app());
    let [testCase] = await owner.tests.cases(owner.sparkId);
    expect(testCase!.lastResult).toMatchObject({
      passed: false,
      graded: 'model',
      answer: 'You can return it within 30 days [1].',
      previousAnswer: 'Bicycles can be returned within 30 days [1].',
    });
    expect(testCase!.lastResult!.failures).toEqual([
      {
        code: 'judge',
        detail: 'it does not apologise for the trouble',
        message: 'Against “apologises for the trouble”: it does not apologise for the trouble',
        turn: 0,
      },
    ]);
    const grading = fake().requests.at(-1)!;
    expect(JSON.stringify(grading.messages)).toContain('apologises for the trouble');

    fake().enqueue({ text: 'Sorry for the trouble: returns are accepted within 30 days [1].' }, { text: 'PASS: it apologises' });
    expect((await owner.tests.run(owner.sparkId)).statusCode).toBe(202);
    await settle(app());
    [testCase] = await owner.tests.cases(owner.sparkId);
    expect(testCase!.lastResult).toMatchObject({ passed: true, graded: 'model', previousAnswer: 'You can return it within 30 days [1].' });

    // New instructions are a change: the cases run again by themselves.
    fake().enqueue(
      { toolCalls: [{ name: 'set_instructions', arguments: { instructions: 'Answer briefly and apologise for any trouble.' } }] },
      { text: 'Updated.' },
    );
    fake().enqueue({ text: 'Sorry! Within 30 days [1].' }, { text: 'PASS: it apologises' });
    expect((await owner.chat.builder(owner.sparkId, 'Make it apologise')).statusCode).toBe(200);
    await settle(app());
    const afterInstructions = await owner.tests.runs(owner.sparkId);
    expect(afterInstructions).toHaveLength(3);
    expect(afterInstructions[0]).toMatchObject({ trigger: 'change', status: 'done', passed: 1 });

    // A model that fails mid-run fails the case with a clear reason; the run still ends.
    fake().enqueue({ status: 500 }, { status: 500 }, { status: 500 });
    await owner.tests.run(owner.sparkId);
    await settle(app());
    [testCase] = await owner.tests.cases(owner.sparkId);
    expect(testCase!.lastResult).toMatchObject({ passed: false, failures: [{ code: 'error' }] });
    expect((await owner.tests.runs(owner.sparkId))[0]).toMatchObject({ status: 'done', failed: 1 });
  });
});
