import { SPARK_DEFAULTS, type Language, type WidgetTranslation, type WidgetTranslations } from '@sparks/contract';
import { questionLanguage } from '../../llm/question-language.js';

/** The product's own welcome for a new Spark, in each language: a Spark the owner has not greeted yet still greets every visitor in theirs. */
const PRODUCT_WELCOME: Record<Language, string> = { es: SPARK_DEFAULTS.options.initialMessage, en: 'Welcome to your new Spark' };

interface OwnerTexts {
  initialMessage: string;
  suggestedQuestions: readonly string[];
}

/** What the owner has translated of the current texts: a translated question the owner has since removed no longer counts. */
export function currentTranslations(texts: OwnerTexts, translations: WidgetTranslations): WidgetTranslations {
  return Object.fromEntries(
    Object.entries(translations).map(([language, translation]) => [
      language,
      {
        initialMessage: translation.initialMessage,
        suggestedQuestions: Object.fromEntries(
          Object.entries(translation.suggestedQuestions).filter(([question]) => texts.suggestedQuestions.includes(question)),
        ),
      } satisfies WidgetTranslation,
    ]),
  );
}

/** The language the owner wrote the welcome message and the suggested questions in. */
export const textLanguage = (texts: OwnerTexts): Language => questionLanguage([texts.initialMessage, ...texts.suggestedQuestions].join(' '), 'en');

/**
 * The welcome message and suggested questions a visitor who reads `language` sees: the owner's
 * translation for that language where there is one, else the owner's own words.
 */
export function visitorGreeting(
  texts: OwnerTexts,
  translations: WidgetTranslations,
  language: Language,
): { initialMessage: string; suggestedQuestions: string[] } {
  const translation = translations[language];
  const productWelcome = texts.initialMessage === SPARK_DEFAULTS.options.initialMessage ? PRODUCT_WELCOME[language] : texts.initialMessage;
  return {
    initialMessage: translation?.initialMessage ?? productWelcome,
    suggestedQuestions: texts.suggestedQuestions.map((question) => translation?.suggestedQuestions[question] ?? question),
  };
}
