/** Reads the product's development mailbox over HTTP, as a person would open /dev/mailbox. */
export async function latestMailText(baseUrl: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
    const { data } = (await response.json()) as { data: Array<{ text: string }> };
    if (data[0]) return data[0].text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for ${to}`);
}

export const codeIn = (text: string): string => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** The path and query of the reset link, to open on the test server whatever PUBLIC_URL says. */
export const resetPathIn = (text: string): string => /(\/reset-password\?token=[\w%-]+)/.exec(text)?.[1] ?? '';
