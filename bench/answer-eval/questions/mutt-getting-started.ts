import { questionsOf, type EvalQuestion } from './types.js';

const { fact, summary, unanswerable } = questionsOf('mutt-getting-started', 'en');

/**
 * The "Getting Started" chapter of the Mutt mail client's manual as a Word document: fourteen
 * tables (default keys with their functions in each menu, the flags shown beside a message,
 * ANSI escape and colour codes, thread tree characters, PGP key flags) between paragraphs of
 * explanation, with the manual's navigation tables at top and bottom. Most answers are one cell
 * of a table row ("what does this key or flag do?"), so the row has to come with it; several
 * tables share keys, so the right menu's table matters. A Word file without page breaks is page 1.
 */
export const MUTT_GETTING_STARTED_QUESTIONS: EvalQuestion[] = [
  fact('flag-k', 'What does a K next to a message mean?', ['contains a PGP public key'], 1),
  fact('flag-p', 'and P?', ['message is PGP encrypted'], 1, { after: 'flag-k' }),
  fact('flag-small-d', '¿Qué significa una d minúscula al lado de un mensaje?', ['message has attachments marked for deletion'], 1, { language: 'es' }),
  fact('recipient-plus', 'In the message list, what does a + in front of a mail tell me?', ['message is to you and you only'], 1),
  fact('recipient-l', 'and an L?', ['message is sent to a subscribed mailing list'], 1, { after: 'recipient-plus' }),
  fact('escape-7', '¿Qué hace el código de escape 7 en el visor de mensajes?', ['Reverse video on'], 1, { language: 'es' }),
  fact('color-5', 'Which colour is colour code 5?', ['Magenta'], 1),
  fact('background-8-bit', '¿Qué secuencia pone un color de fondo de 8 bits?', ['48;5;<color>'], 1, { language: 'es' }),
  fact('thread-ampersand', 'What does & stand for in the thread tree?', ['hidden message'], 1),
  fact('thread-equals', '¿Qué indica un = en el árbol de hilos?', ['duplicate thread'], 1, { language: 'es' }),
  fact('pager-backslash', 'What does the backslash key do while reading a mail?', ['toggle highlighting of search matches'], 1),
  fact('index-at', '¿Para qué sirve la tecla @ en la lista de mensajes?', ["show the author's full e-mail address"], 1, { language: 'es' }),
  fact('group-chat-reply', 'Which function replies to everyone but keeps the To and Cc as they were?', ['<group-chat-reply>'], 1),
  fact('compose-esc-f', "In the compose screen, what's on Esc f?", ['<edit-from>', 'edit the From field'], 1),
  fact('editor-ctrl-t', 'Cuando escribo una dirección, ¿qué hace ^T?', ['complete address with query'], 1, { language: 'es' }),
  fact('first-entry', 'What does the = key do when moving around a menu?', ['jump to the first entry'], 1),
  fact('compose-w', 'En el menú de redacción, ¿para qué sirve la w?', ['write the message to a folder'], 1, { language: 'es' }),
  fact('compose-p', '¿y la P mayúscula?', ['postpone this message until later'], 1, { language: 'es', after: 'compose-w' }),
  fact('pgp-key-x', 'What does an X mean in the PGP key list?', ['The key is expired'], 1),
  fact('next-thread', 'Con los hilos activados, ¿qué hace ^N?', ['jump to the start of the next thread'], 1, { language: 'es' }),
  summary('summary', 'What does this chapter cover?', ['menu', 'index', 'pager', 'thread', 'send', 'encrypt']),
  // Questions a new Mutt user asks that this chapter leaves to other chapters, or does not answer at all.
  unanswerable('install-windows', 'How do I install Mutt on Windows?'),
  unanswerable('gmail-imap', 'How do I set Mutt up to read my Gmail over IMAP?'),
  unanswerable('html-mail', 'How can I read HTML emails in Mutt?'),
  unanswerable('thunderbird-contacts', 'Can I bring my contacts over from Thunderbird?'),
  unanswerable('latest-version', "What's the latest version of Mutt?"),
  unanswerable('unsend', 'Can I take back an email after I sent it?'),
  unanswerable('attachment-limit', "What's the biggest attachment I can send?"),
  unanswerable('outlook-oauth', 'Does Mutt support OAuth sign-in for Outlook accounts?'),
  unanswerable('read-receipt', '¿Cómo pido un acuse de lectura al enviar un correo?', { language: 'es' }),
  unanswerable('spanish-interface', '¿Se puede poner Mutt en español?', { language: 'es' }),
  unanswerable('backup-mail', '¿Cómo hago una copia de seguridad de todo mi correo?', { language: 'es' }),
];
