/** Where the build puts each language's texts; i18next fills in the language and namespace. */
export const TRANSLATION_FILES = '/locales/{{lng}}/{{ns}}.json';
export const TRANSLATION_NAMESPACE = 'translation';
