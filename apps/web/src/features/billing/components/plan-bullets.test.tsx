import { PLANS } from '@sparks/contract';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { PlanBullets } from './plan-bullets';

let en: I18n;
let es: I18n;
beforeAll(async () => {
  [en, es] = await Promise.all([testI18n('en'), testI18n('es')]);
});

describe("a plan's bullets in the plans popup", () => {
  it('say how many websites the account learns from and how many pages each, from the plan itself', () => {
    expect(PLANS.ruby.limits).toMatchObject({ sites: 2, pagesPerSite: 100 });
    expect(renderHtml(<PlanBullets limits={PLANS.ruby.limits} />, en)).toContain('<li>Up to 2 websites to learn from, 100 pages each</li>');
    expect(renderHtml(<PlanBullets limits={PLANS.emerald.limits} />, en)).toContain('<li>Up to 5 websites to learn from, 250 pages each</li>');
    expect(renderHtml(<PlanBullets limits={PLANS.free.limits} />, en)).toContain('<li>1 website to learn from, up to 25 pages</li>');
  });

  it('say it in Spanish, in the singular and the plural', () => {
    expect(renderHtml(<PlanBullets limits={PLANS.free.limits} />, es)).toContain('<li>1 sitio web del que aprender, hasta 25 páginas</li>');
    expect(renderHtml(<PlanBullets limits={PLANS.zaphire.limits} />, es)).toContain('<li>Hasta 10 sitios web de los que aprender, 500 páginas cada uno</li>');
  });

  it('say how many actions a Spark may have on each plan, in both languages', () => {
    expect(renderHtml(<PlanBullets limits={PLANS.free.limits} />, en)).toContain('<li>Up to 3 actions a Spark (an order lookup, a booking…)</li>');
    expect(renderHtml(<PlanBullets limits={PLANS.zaphire.limits} />, es)).toContain('<li>Hasta 20 acciones por Spark (consultar un pedido, reservar…)</li>');
  });

  it('say how many people the account holds, the owner included', () => {
    expect(renderHtml(<PlanBullets limits={PLANS.free.limits} />, en)).toContain('<li>2 people in the team, you included</li>');
    expect(renderHtml(<PlanBullets limits={PLANS.emerald.limits} />, en)).toContain('<li>10 people in the team, you included</li>');
    expect(renderHtml(<PlanBullets limits={PLANS.zaphire.limits} />, en)).toContain('<li>A team of any size</li>');
    expect(renderHtml(<PlanBullets limits={PLANS.ruby.limits} />, es)).toContain('<li>3 personas en el equipo, tú incluido</li>');
  });

  it('keep the bullets the popup had, and the actions a Spark may have', () => {
    const html = renderHtml(<PlanBullets limits={PLANS.emerald.limits} />, en);
    expect(html.match(/<li>/g)).toHaveLength(9);
    expect(html).toContain('Maximum 10 documents of 10 MB each');
    expect(html).toContain('1500 interactions per month');
  });
});
