import type { ActionRun, Language } from '@sparks/contract';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { actionRunsKey } from '../api/use-actions';
import { ActionRuns } from './action-runs';

const SPARK_ID = 'spark-1';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const RUNS: ActionRun[] = [
  {
    _id: 'r1',
    actionId: 'a1',
    actionName: 'Order status',
    source: 'visitor',
    inputs: { order: 'A-1042', birth: '••••' },
    status: 'ok',
    httpStatus: 200,
    problem: null,
    durationMs: 245,
    at: minutesAgo(5),
  },
  {
    _id: 'r2',
    actionId: 'a1',
    actionName: 'Order status',
    source: 'try',
    inputs: { order: 'B-7' },
    status: 'failed',
    httpStatus: null,
    problem: 'The call took longer than 10 seconds.',
    durationMs: 10_000,
    at: minutesAgo(120),
  },
];

const render = async (language: Language, runs: ActionRun[]) =>
  renderHtml(<ActionRuns sparkId={SPARK_ID} />, await testI18n(language), (client) => client.setQueryData(actionRunsKey(SPARK_ID), runs));

describe('the recent runs of a Spark’s actions', () => {
  it('lists each run: when, which action, how it went, its inputs as logged and why it failed', async () => {
    const html = await render('en', RUNS);
    expect(html).toContain('>Recent runs</h3>');
    expect(html.match(/data-testid="action-run"/g)).toHaveLength(2);
    expect(html).toMatch(/<time dateTime="[^"]+"[^>]*>5 minutes ago<\/time>/);
    expect(html).toContain('>2 hours ago</time>');
    expect(html).toContain('>Worked</span>');
    expect(html).toContain('>Failed</span>');
    expect(html).toContain('<span>HTTP 200</span>');
    expect(html.match(/HTTP \d+/g)).toHaveLength(1);
    expect(html).toContain('<span>245 ms</span>');
    expect(html).toContain('<span>10 sec</span>');
    expect(html).toContain('<span>A visitor</span>');
    expect(html).toContain('<span>A try</span>');
    // A sensitive input stays masked as the log kept it.
    expect(html).toContain('<dt class="text-muted">birth:</dt><dd class="min-w-0 text-ink [overflow-wrap:anywhere]">••••</dd>');
    expect(html).toContain('>A-1042</dd>');
    expect(html).toContain('The call took longer than 10 seconds.');

    const spanish = await render('es', RUNS);
    expect(spanish).toContain('>Ejecuciones recientes</h3>');
    expect(spanish).toContain('>hace 5 minutos</time>');
    expect(spanish).toContain('>Funcionó</span>');
    expect(spanish).toContain('>Falló</span>');
    expect(spanish).toContain('<span>Un visitante</span>');
  });

  it('says there is no run yet, in each language', async () => {
    expect(await render('en', [])).toContain('No runs yet. Try an action to see what it sends and what comes back.');
    expect(await render('es', [])).toContain('Aún no hay ejecuciones.');
  });
});
