import { describe, expect, it } from 'vitest';
import { asksForOutline } from './document-intents.js';

describe('what a message asks of the documents', () => {
  it.each([
    'Summarize the document',
    "What's in this manual?",
    'what does the guide cover',
    'What does it say?',
    'What topics does this manual cover?',
    'Can you give me an overview?',
    'Show me the main points of the document.',
    'the gist of these files, please',
    'What is the manual about?',
    'Resúmeme el documento',
    '¿Qué hay en este manual?',
    '¿Qué dice la guía?',
    '¿Qué temas trata?',
    '¿Sobre qué habla el libro?',
    '¿De qué trata?',
    '¿De qué va esta guía?',
    'Dame una visión general',
    'los puntos principales de este documento',
  ])('takes "%s" as a request for the outline', (message) => {
    expect(asksForOutline(message)).toBe(true);
  });

  it.each([
    'What does the manual say about charging the battery?',
    'What does it cover under the warranty?',
    "What's in the box?",
    '¿Qué dice el manual sobre la batería?',
    '¿Qué hay en el menú de ajustes?',
    'Give me an overview of the backup options',
    'How do I open the outline view?',
    'What topics does it cover in the second chapter?',
    '¿De qué trata la sección 5?',
    '¿Qué temas trata el capítulo de redes?',
  ])('searches "%s" as a question about something in the documents', (message) => {
    expect(asksForOutline(message)).toBe(false);
  });
});
