import type { WidgetMessage } from '@sparks/contract';
import { element } from './widget-element';
import type { FrameTexts } from './widget-texts';

/**
 * What a person who took the conversation over writes (as text, never markup), and the notices
 * of them joining and leaving, worded in the visitor's language.
 */
export function renderLive(message: Pick<WidgetMessage, 'role' | 'content' | 'name' | 'notice'>, texts: FrameTexts): HTMLElement {
  const name = message.name ?? '';
  if (message.role === 'notice') {
    const words = message.notice === 'joined' ? texts.live.joined(name) : message.notice === 'left' ? texts.live.left(name) : texts.live.handedBack;
    return element('p', 'message live-notice', words);
  }
  const item = element('div', 'message owner');
  const who = element('span', 'who', name || texts.live.team);
  const body = element('div', 'body');
  body.textContent = message.content;
  item.append(who, body);
  return item;
}
