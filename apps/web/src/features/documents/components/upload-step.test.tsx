import type { SparkDocument } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import type { UploadFlowState } from '../upload-flow';
import { UploadStep } from './upload-step';

let en: I18n;
let es: I18n;
beforeAll(async () => {
  [en, es] = await Promise.all([testI18n('en'), testI18n('es')]);
});

const file = { name: 'Returns policy 2026 – final version.pdf', size: 340 * 1024 } as File;
const document = { _id: 'd1', name: 'Returns policy 2026 – final version.pdf' } as SparkDocument;
const noop = () => undefined;
const actions = { onConfirm: noop, onClose: noop, onRetry: noop, onChoose: noop, onViewPlans: noop };
const render = (state: Exclude<UploadFlowState<File>, { step: 'idle' }>, i18n = en) => renderHtml(<UploadStep state={state} actions={actions} />, i18n);
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((match) => match[1]);

describe('the upload dialog steps (product.md §4)', () => {
  it('confirms naming the file and its size, with Cancel and Upload', () => {
    const html = render({ step: 'confirm', file });
    expect(html).toContain('Returns policy 2026 – final version.pdf');
    expect(html).toContain('340 kB');
    expect(buttons(html)).toEqual(['Cancel', 'Upload']);
  });

  it('shows the progress as a progress bar with its value, and lets the upload be cancelled', () => {
    const html = render({ step: 'uploading', file, progress: 0.42 });
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="42"');
    expect(html).toContain('42% sent');
    expect(buttons(html)).toEqual(['Cancel upload']);
    expect(render({ step: 'uploading', file, progress: 1 })).toContain('Checking the file…');
    const waiting = render({ step: 'uploading', file, progress: 0 });
    expect(waiting).toContain('Sending…');
    expect(waiting).not.toContain('aria-valuenow');
  });

  it('names the uploaded document on success', () => {
    const html = render({ step: 'done', file, document });
    expect(html).toContain('“Returns policy 2026 – final version.pdf” is uploaded.');
    expect(html).toContain('role="status"');
  });

  it('switches to the limit message with View plans on a 402 (product.md §8)', () => {
    const html = render({ step: 'limit', file });
    expect(html).toContain('Document limit reached! For the moment, you cannot upload more documents. Would you like to upgrade your plan?');
    expect(buttons(html)).toEqual(['Not now', 'View plans']);
    expect(buttons(render({ step: 'limit', file }, es))).toEqual(['Ahora no', 'Ver planes']);
  });

  it('shows other failures in the user language, offering another file or another try', () => {
    const format = render({ step: 'failed', file, problem: { kind: 'wrongFormat' } }, es);
    expect(format).toContain('role="alert"');
    expect(format).toContain('¡Formato incorrecto!');
    expect(buttons(format)).toEqual(['Cerrar', 'Elegir otro archivo']);
    const network = render({ step: 'failed', file, problem: { kind: 'network' } });
    expect(buttons(network)).toEqual(['Close', 'Try again']);
    expect(render({ step: 'failed', file, problem: { kind: 'tooLarge', megabytes: '12.5' } })).toContain('Your file is 12.5MB.');
    const empty = render({ step: 'failed', file, problem: { kind: 'empty' } }, es);
    expect(empty).toContain('Este archivo está vacío.');
    expect(buttons(empty)).toEqual(['Cerrar', 'Elegir otro archivo']);
  });

  it('says, in the owner’s language, that a file is not what its name says and what to do, offering another file', () => {
    const priceList = { name: 'price-list.pdf', size: 120 } as File;
    const problem = { kind: 'mismatch', name: 'price-list.pdf', declared: 'pdf', found: 'text' } as const;
    const english = render({ step: 'failed', file: priceList, problem });
    expect(english).toContain('price-list.pdf is not a PDF: it holds plain text. Save it as .txt or export it as PDF.');
    expect(buttons(english)).toEqual(['Close', 'Choose another file']);
    const spanish = render({ step: 'failed', file: priceList, problem }, es);
    expect(spanish).toContain('price-list.pdf no es un PDF: contiene texto sin formato. Guárdalo como .txt o expórtalo como PDF.');
    expect(spanish).not.toContain('plain text');
    expect(buttons(spanish)).toEqual(['Cerrar', 'Elegir otro archivo']);
  });
});
