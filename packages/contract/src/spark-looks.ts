import { z } from 'zod';

/**
 * product.md §3 widget theme: a palette (primary, secondary) and an icon. The new-spark assistant
 * offers these; the widget preview and the deployed widget draw them. Names are what the user
 * picks (buttons send them back), in English and Spanish.
 */
export const SPARK_PALETTES = [
  { name: 'Ocean', nameEs: 'Océano', primary: '#0e7490', secondary: '#164e63' },
  { name: 'Forest', nameEs: 'Bosque', primary: '#15803d', secondary: '#14532d' },
  { name: 'Sunset', nameEs: 'Atardecer', primary: '#ea580c', secondary: '#7c2d12' },
  { name: 'Berry', nameEs: 'Frutos rojos', primary: '#be185d', secondary: '#500724' },
  { name: 'Violet', nameEs: 'Violeta', primary: '#6d28d9', secondary: '#2e1065' },
  { name: 'Graphite', nameEs: 'Grafito', primary: '#334155', secondary: '#0f172a' },
] as const;

/** Icons are drawn by the app and the widget from these names; no image is ever loaded from elsewhere. */
export const SPARK_ICONS = [
  { name: 'chat', label: 'Chat bubble', labelEs: 'Bocadillo' },
  { name: 'sparkle', label: 'Sparkle', labelEs: 'Destello' },
  { name: 'robot', label: 'Robot', labelEs: 'Robot' },
  { name: 'book', label: 'Book', labelEs: 'Libro' },
  { name: 'help', label: 'Question mark', labelEs: 'Interrogación' },
  { name: 'heart', label: 'Heart', labelEs: 'Corazón' },
] as const;
export type SparkIconName = (typeof SPARK_ICONS)[number]['name'];

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a colour like #1a2b3c');

export const sparkThemeSchema = z.object({
  palette: z.object({ name: z.string().max(40), primary: hexColour, secondary: hexColour }),
  icon: z.object({ name: z.enum(SPARK_ICONS.map((icon) => icon.name) as [SparkIconName, ...SparkIconName[]]) }),
});
export type SparkTheme = z.infer<typeof sparkThemeSchema>;

/** What a Spark looks like before its owner chooses: the first palette and the chat bubble. */
export const DEFAULT_SPARK_THEME: SparkTheme = {
  palette: { name: SPARK_PALETTES[0].name, primary: SPARK_PALETTES[0].primary, secondary: SPARK_PALETTES[0].secondary },
  icon: { name: 'chat' },
};

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** The palette a user named (in either language, accents and case aside), if any. */
export function paletteNamed(said: string): (typeof SPARK_PALETTES)[number] | undefined {
  const wanted = fold(said);
  return SPARK_PALETTES.find((palette) => fold(palette.name) === wanted || fold(palette.nameEs) === wanted);
}

/** The icon a user named by its name or its label in either language. */
export function iconNamed(said: string): (typeof SPARK_ICONS)[number] | undefined {
  const wanted = fold(said);
  return SPARK_ICONS.find((icon) => [icon.name, icon.label, icon.labelEs].some((name) => fold(name) === wanted));
}
