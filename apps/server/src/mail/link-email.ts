import { emailLayout, escapeHtml } from './email-layout.js';

/** An e-mail whose point is one link: the paragraphs that lead to it, the link, then what to do if it was not expected. */
export function linkEmail(title: string, lead: readonly string[], link: string, outro: string): { text: string; html: string } {
  return {
    text: `${title}\n\n${lead.join('\n\n')}\n${link}\n\n${outro}\n`,
    html: emailLayout(title, lead).replace(
      '<p style="color:#5f5b73',
      `<p><a href="${escapeHtml(link)}" style="color:#5b3df5">${escapeHtml(link)}</a></p><p style="margin:0 0 16px">${escapeHtml(outro)}</p><p style="color:#5f5b73`,
    ),
  };
}
