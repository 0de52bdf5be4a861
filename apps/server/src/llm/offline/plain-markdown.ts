/**
 * Text a user chose (a Spark's or a person's name), made safe inside the scripts' Markdown: it is
 * shown as written and can never become a link, an image or formatting of its own.
 */
export function plainMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]()<>#|~!]/g, (character) => `\\${character}`);
}
