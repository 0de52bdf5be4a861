import { LANGUAGES, type Language } from '@sparks/contract';
import { ASSISTANT_TEXTS } from './assistant-texts.js';
import { buttons, type AssistantTurn } from './assistant-turn.js';

/** product.md §2: the preferred language, offered as buttons and understood by its name in either language. */
export const languageChoice = {
  buttons(turn: AssistantTurn) {
    return buttons(LANGUAGES.map((code) => ({ label: turn.texts.languageNames[code], value: turn.texts.languageNames[code] })));
  },
  /** The language a user picked by its name, in either language. */
  named(said: string): Language | undefined {
    const wanted = said.trim().toLowerCase();
    return LANGUAGES.find((code) =>
      [ASSISTANT_TEXTS.en.languageNames[code], ASSISTANT_TEXTS.es.languageNames[code], code].some((name) => name.toLowerCase() === wanted),
    );
  },
};
