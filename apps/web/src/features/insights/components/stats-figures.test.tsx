import type { Insights, Language } from '@sparks/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { StatsFigures } from './stats-figures';

const day = (offset: number) => new Date(Date.UTC(2025, 2, 1 + offset)).toISOString().slice(0, 10);

function insights(overrides: Partial<Insights> = {}): Insights {
  const perDay = Array.from({ length: 7 }, (_, index) => ({ date: day(index), conversations: 0, questions: 0 }));
  return {
    days: 7,
    perDay,
    totals: {
      conversations: 0,
      whatsapp: 0,
      byChannel: { widget: 0, whatsapp: 0, messenger: 0, instagram: 0, telegram: 0, api: 0 },
      questions: 0,
      unanswered: 0,
      thumbsUp: 0,
      thumbsDown: 0,
    },
    busiestHours: Array.from({ length: 24 }, () => 0),
    topQuestions: [],
    citedMost: [],
    neverCited: [],
    ...overrides,
  };
}

const busy = insights({
  perDay: Array.from({ length: 7 }, (_, index) => ({ date: day(index), conversations: index === 3 ? 12 : 2, questions: index === 3 ? 31 : 4 })),
  totals: {
    conversations: 24,
    whatsapp: 5,
    byChannel: { widget: 16, whatsapp: 5, messenger: 0, instagram: 2, telegram: 1, api: 0 },
    questions: 55,
    unanswered: 11,
    thumbsUp: 9,
    thumbsDown: 3,
  },
  busiestHours: Array.from({ length: 24 }, (_, hour) => (hour === 14 ? 20 : hour > 8 && hour < 20 ? 3 : 0)),
  topQuestions: [
    { question: 'What are your opening hours?', count: 14 },
    { question: '¿Hacen envíos a Canarias?', count: 1 },
  ],
  citedMost: [{ documentId: 'd1', name: 'returns.pdf', citations: 40 }],
  neverCited: [{ documentId: 'd2', name: 'old-prices.pdf' }],
});

const render = async (data: Insights, language: Language = 'en') =>
  renderHtml(
    <MemoryRouter>
      <StatsFigures sparkId="spark-1" days="7" insights={data} />
    </MemoryRouter>,
    await testI18n(language),
  );

describe("the insights screen's figures", () => {
  it('shows the totals, the shares, the charts with their summaries and tables, and the lists', async () => {
    const html = await render(busy);
    expect(html).toContain(
      '<dt class="order-2 text-sm text-muted">Conversations</dt><dd class="order-1 text-2xl font-semibold text-ink tabular-nums sm:text-3xl">24</dd>',
    );
    // Where they came from besides the website, each channel with any.
    expect(html).toContain('5 on WhatsApp · 2 on Instagram · 1 on Telegram');
    expect(html).not.toContain('on Messenger');
    expect(html).toContain('>55</dd>');
    // 11 of 55 questions without an answer; 9 of 12 votes up.
    expect(html).toContain('>20%</dd>');
    expect(html).toContain('11 of 55 questions');
    expect(html).toContain('>75%</dd>');
    expect(html).toContain('9 of 12 votes');
    expect(html).toContain('role="img" aria-label="Over the last 7 days: 24 conversations and 55 questions. Busiest day: Mar 4, 2025, with 31 questions."');
    expect(html).toContain('<caption class="sr-only">Conversations and questions per day</caption>');
    expect(html).toContain('Most questions between 14:00 and 15:00 UTC: 20 questions.');
    expect(html).toContain('What are your opening hours?');
    expect(html).toContain('asked 14 times');
    expect(html).toContain('asked once');
    expect(html).toContain('returns.pdf');
    expect(html).toContain('40 citations');
    expect(html).toContain('old-prices.pdf');
    expect(html).not.toContain('No visitors yet');
  });

  it('says when there are no votes and no answers to count rather than showing 0 %', async () => {
    const html = await render(
      insights({
        totals: {
          conversations: 1,
          whatsapp: 0,
          byChannel: { widget: 1, whatsapp: 0, messenger: 0, instagram: 0, telegram: 0, api: 0 },
          questions: 0,
          unanswered: 0,
          thumbsUp: 0,
          thumbsDown: 0,
        },
      }),
    );
    expect(html).toContain('No votes yet');
    // Without WhatsApp conversations the tile says nothing of WhatsApp.
    expect(html).not.toContain('WhatsApp');
    expect(html).toContain('>—</dd>');
    expect(html).not.toContain('%');
  });

  it('explains an empty period and leads to the deploy panel, in English and Spanish', async () => {
    const english = await render(insights());
    expect(english).toContain('No visitors yet in this period');
    expect(english).toContain('in the last 7 days');
    expect(english).toContain('href="/spark/spark-1?panel=deploy"');
    expect(english).not.toContain('role="img"');
    const spanish = await render(insights(), 'es');
    expect(spanish).toContain('Aún no hay visitantes en este periodo');
    expect(spanish).toContain('Ponlo en tu sitio web');
  });

  it('speaks Spanish, numbers and dates included', async () => {
    const html = await render(busy, 'es');
    expect(html).toContain('Conversaciones');
    expect(html).toContain('Día con más actividad: 4 mar 2025, con 31 preguntas.');
    expect(html).toContain('preguntada 14 veces');
    expect(html).toMatch(/>20\s%<\/dd>/);
  });
});
