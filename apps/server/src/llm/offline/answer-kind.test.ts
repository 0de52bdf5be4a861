import { describe, expect, it } from 'vitest';
import type { Passage } from '../prompt-format.js';
import { answerKind, carriesKind } from './answer-kind.js';
import { offlineAnswer } from '#test/offline-answer.js';

describe('the kind of fact a question asks for', () => {
  it.each([
    ['How many guests fit in the hall?', 'figure'],
    ['how long does delivery take', 'figure'],
    ['¿Cuántas plazas tiene el aparcamiento?', 'figure'],
    ['¿Cuánto cuesta el envío?', 'figure'],
    ['When does the shop open on Sundays?', 'time'],
    ['¿Cuándo cierra la tienda?', 'time'],
    ['¿A qué hora abrís?', 'time'],
    ['How do I reset the router?', 'command'],
    ['and how can I update it?', 'command'],
    ['¿Cómo instalo el programa?', 'command'],
    ['¿Cómo se cambia la contraseña?', 'command'],
    ['Which command lists the files?', 'command'],
    ['What is the warranty?', null],
    ['¿Quién fabrica el aparato?', null],
    ['Tell me about the returns policy', null],
  ])('%s → %s', (question, kind) => {
    expect(answerKind(question)).toBe(kind);
  });

  it('tells the sentences that carry each kind', () => {
    expect(carriesKind('figure', 'The hall seats 120 guests.')).toBe(true);
    expect(carriesKind('figure', 'La sala admite doce personas.')).toBe(true);
    expect(carriesKind('figure', 'The hall is on the ground floor.')).toBe(false);
    expect(carriesKind('time', 'We open at 7:30 on weekdays.')).toBe(true);
    expect(carriesKind('time', 'Cerramos los domingos.')).toBe(true);
    expect(carriesKind('time', 'Ask at the counter.')).toBe(false);
    expect(carriesKind('command', 'Run `sudo reboot` to restart.')).toBe(true);
    expect(carriesKind('command', 'Build it with dpkg-buildpackage -us -uc in the source folder.')).toBe(true);
    expect(carriesKind('command', 'Call save.image() before quitting.')).toBe(true);
    expect(carriesKind('command', 'Restarting clears the settings you changed.')).toBe(false);
  });
});

describe('the offline answer leans to the section that holds the kind of fact asked for', () => {
  // Two sections that name the question's words equally; only one states the figure.
  const passages: Passage[] = [
    { marker: 1, title: 'venue.pdf', heading: 'Events', page: 2, text: 'The hall of the venue can hold guests for weddings, parties and company dinners.' },
    { marker: 2, title: 'venue.pdf', heading: 'Seating', page: 5, text: 'The hall of the venue can hold 180 guests at round tables.' },
  ];

  it('quotes the figure first for "how many"', () => {
    const answer = offlineAnswer('How many guests can the hall of the venue hold?', passages, 'en');
    const figure = answer.indexOf('180 guests');
    const mention = answer.indexOf('weddings');
    expect(figure).toBeGreaterThan(-1);
    if (mention !== -1) expect(figure).toBeLessThan(mention);
  });
});
