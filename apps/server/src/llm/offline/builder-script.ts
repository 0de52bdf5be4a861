import { TEST_VERDICTS, START_MESSAGES, type ChatButton } from '@sparks/contract';
import type { LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { textOf } from './text-of.js';
import type { SparkSettings } from '../prompt-format.js';
import type { ResponderRequest } from '../responder-request.js';
import { BUILDER_TOOL_NAMES as TOOLS } from '../tool-names.js';
import { DOCUMENT_INTENTS, UPLOAD_BUTTON_LABELS } from '../document-intents.js';
import { documentStep } from './document-script.js';
import { plainMarkdown } from './plain-markdown.js';
import type { ScriptStep } from './script-step.js';
import { OFFLINE_TEXTS, type OfflineTexts } from './offline-texts.js';

type Question = 'askPurpose' | 'askAudience' | 'askTone' | 'askWhatWentWrong';
const QUESTIONS: Question[] = ['askPurpose', 'askAudience', 'askTone', 'askWhatWentWrong'];

/** Which of the script's own questions an assistant message asked, in either language. */
const questionIn = (text: string): Question | undefined =>
  QUESTIONS.find((question) => text.includes(OFFLINE_TEXTS.en[question]) || text.includes(OFFLINE_TEXTS.es[question]));

/** The user's answers to each question, read back from the conversation the prompt carries. */
function answers(messages: readonly LanguageModelV3Message[]): Partial<Record<Question, string>> {
  const found: Partial<Record<Question, string>> = {};
  let asked: Question | undefined;
  for (const message of messages) {
    if (message.role === 'assistant') asked = questionIn(textOf(message)) ?? asked;
    else if (message.role === 'user' && asked) {
      found[asked] = textOf(message);
      asked = undefined;
    }
  }
  return found;
}

const say = (text: string, ...toolCalls: ScriptStep['toolCalls']): ScriptStep => ({ text, toolCalls });
const buttons = (items: ChatButton[]) => ({ toolName: TOOLS.showButtons, input: { buttons: items } });
const matches = (text: string, pattern: RegExp): string | undefined =>
  pattern
    .exec(text)?.[1]
    ?.trim()
    .replace(/^["“'«]|["”'»]$/g, '');

const RENAME = /(?:call it|rename it to|rename to|name it|ll[aá]malo|ren[oó]mbralo a|ponle de nombre)\s+(.{1,80})$/i;
const INITIAL = /(?:initial message|welcome message|greeting|mensaje inicial|mensaje de bienvenida|saludo)\s*[:=]\s*([\s\S]{1,2000})$/i;
const CREATE_TEST = /\b(?:create|add|new|make)\b.*\btest\b|\bcrea[r]?\b.*\bprueba\b|\bnueva prueba\b|\ba[nñ]adir?\b.*\bprueba\b/i;
const isUploadRequest = (said: string): boolean =>
  Object.values(UPLOAD_BUTTON_LABELS).some((label) => label.toLowerCase() === said.toLowerCase()) || DOCUMENT_INTENTS.upload.test(said);
const UPLOAD = /\b(?:upload|document|pdf|sub(?:ir|e)|documento)\b/i;
const DEPLOY = /\b(?:deploy|publish|publica[r]?|desplegar)\b/i;
/** Setting up what the Spark does for visitors: an action, a lookup in the owner's system, a call to their API. */
const ACTIONS = /\b(?:actions?|acci(?:o|ó)n(?:es)?|api|webhook)\b/i;
const WRITE = /\b(?:instructions|instrucciones)\b/i;
const ON_WEBSITE =
  /\b(?:(?:it'?s|it is|is) (?:now )?(?:on|in) (?:my|our) (?:web ?site|site|page)|(?:added|put|installed) it (?:to|on) (?:my|our) (?:web ?site|site)|ya est[aá] en (?:mi|nuestra) (?:web|p[aá]gina))/i;
const LIBRARY_CONNECTED = /\bsharepoint\b.*\b(?:connected|conectado)\b/i;
/**
 * "Learn from my website https://…", "lee mi web panaderia.es": a web address, with its scheme or
 * as people type it (a name with a dot, or an IP address, and a port), with a word for a website.
 * Never the domain of an e-mail address.
 */
const WEB_ADDRESS =
  /\bhttps?:\/\/[^\s<>"']+|(?<![@\w.-])(?:[a-z\d-]+\.)+[a-z]{2,}(?::\d{1,5})?(?:\/[^\s<>"']*)?|(?<![@\w.-])\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?(?:\/[^\s<>"']*)?/i;
/** A file's name looks like a domain ("price-list.pdf"): it is a document, not a website. */
const FILE_NAME = /^[^/:]+\.(?:pdf|docx?|txt|md|json|csv|html?|jpe?g|png|webp|gif|tiff?)$/i;
const ABOUT_WEBSITE = /\b(?:web ?site|site|web|p[aá]gina|sitio)\b/i;
const PROGRESS =
  /\b(?:progress|how far|what'?s (?:next|left)|what is (?:next|left)|next steps?|progreso|cu[aá]nto (?:me |le )?falta|qu[eé] (?:me |le )?falta|siguientes? pasos?)\b/i;

function menu(texts: OfflineTexts): ScriptStep['toolCalls'][number] {
  return buttons([
    { label: texts.buttons.writeInstructions, value: texts.buttons.writeInstructions },
    { label: texts.buttons.createTest, value: texts.buttons.createTest },
    { label: texts.buttons.upload, value: texts.buttons.upload },
    { label: texts.buttons.deploy, goto: '/deploy' },
  ]);
}

/** After the tools ran: a test just created gets a button that opens it; otherwise the turn is over. */
function afterTools(messages: readonly LanguageModelV3Message[], texts: OfflineTexts, settings: SparkSettings): ScriptStep {
  const last = messages.at(-1);
  if (last?.role !== 'tool') return say('');
  for (const part of last.content) {
    if (part.type !== 'tool-result' || part.output.type !== 'json') continue;
    if (part.toolName === TOOLS.reportProgress) {
      const progress = part.output.value as { percent?: number; stepsLeft?: string[] } | null;
      if (typeof progress?.percent === 'number') return say(texts.progress(progress.percent, progress.stepsLeft ?? []));
      continue;
    }
    if (part.toolName === TOOLS.learnWebsite) {
      const website = part.output.value as { url?: string; error?: string } | null;
      if (website?.url)
        return say(
          texts.websiteReading(plainMarkdown(website.url)),
          buttons([{ label: texts.buttons.upload, goto: `/spark/${settings.sparkId}?panel=documents` }]),
        );
      if (website?.error) return say(texts.websiteFailed(website.error));
      continue;
    }
    if (part.toolName !== TOOLS.createTest) continue;
    const test = part.output.value as { testId?: string; name?: string; error?: string } | null;
    if (test?.testId) {
      return say(
        texts.createdTest(plainMarkdown(test.name ?? '')),
        buttons([{ label: texts.buttons.openTest, goto: `/spark/${settings.sparkId}/test/${test.testId}` }]),
      );
    }
    if (test?.error) return say(test.error);
  }
  return say('');
}

/**
 * The offline builder assistant: a scripted conversation that asks for the Spark's purpose,
 * audience and tone, writes its instructions, and handles the owner's requests by calling the
 * same typed tools a real model would.
 */
export function builderScript(prompt: LanguageModelV3Prompt, request: Extract<ResponderRequest, { kind: 'builder' }>): ScriptStep {
  const { language, settings, passages } = request;
  const texts = OFFLINE_TEXTS[language];
  const conversation = prompt.filter((message) => message.role !== 'system');
  if (conversation.at(-1)?.role === 'tool') return afterTools(conversation, texts, settings);

  const said = textOf(conversation.findLast((message) => message.role === 'user'));
  const asked = questionIn(textOf(conversation.findLast((message) => message.role === 'assistant')));
  const isStart = said === '' || Object.values(START_MESSAGES).some((phrase) => phrase.toLowerCase() === said.toLowerCase());

  if (isStart) {
    return settings.instructions === 'default'
      ? say(`${texts.greeting(plainMarkdown(settings.name))}\n\n${texts.askPurpose}`)
      : say(texts.welcomeBack(plainMarkdown(settings.name)), menu(texts));
  }
  if (said.toLowerCase() === TEST_VERDICTS.notSatisfactory) return say(texts.askWhatWentWrong);
  if (said.toLowerCase() === TEST_VERDICTS.satisfactory) {
    return say(
      texts.testPraise,
      buttons([
        { label: texts.buttons.deploy, goto: '/deploy' },
        { label: texts.buttons.createTest, value: texts.buttons.createTest },
      ]),
    );
  }

  // The connect window's return (product.md §2 q=sharepoint-conected): the folders are chosen in the library panel.
  if (LIBRARY_CONNECTED.test(said))
    return say(texts.libraryConnected, buttons([{ label: texts.buttons.chooseFolders, goto: `/spark/${settings.sparkId}?panel=sharepoint` }]));
  // Asking to attach a file is never an answer to the pending question: explain, then ask it again.
  if (isUploadRequest(said)) return say(asked ? `${texts.upload}\n\n${texts[asked]}` : texts.upload);
  const heard = answers(conversation);
  if (asked === 'askPurpose') return say(texts.askAudience);
  if (asked === 'askAudience') return say(texts.askTone, buttons(texts.tones.map((tone) => ({ label: tone, value: tone }))));
  if (asked === 'askTone' && heard.askPurpose && heard.askAudience) {
    const instructions = texts.instructions(settings.name, heard.askPurpose, heard.askAudience, said);
    return say(texts.wroteInstructions, { toolName: TOOLS.setInstructions, input: { instructions } }, menu(texts));
  }
  if (asked === 'askWhatWentWrong') {
    const base = settings.instructions === 'default' ? '' : settings.instructions;
    const heading = base.includes(texts.correctionHeading) ? '' : `\n\n${texts.correctionHeading}`;
    const instructions = `${base}${heading}\n- ${said}`.trim();
    return say(
      texts.correctionAdded,
      { toolName: TOOLS.setInstructions, input: { instructions } },
      buttons([{ label: texts.buttons.createTest, value: texts.buttons.createTest }]),
    );
  }

  const address = WEB_ADDRESS.exec(said)?.[0]?.replace(/[).,;:!?]+$/, '');
  if (address && !FILE_NAME.test(address) && ABOUT_WEBSITE.test(said.replace(address, '')))
    return say('', { toolName: TOOLS.learnWebsite, input: { url: address } });
  const aboutDocuments = documentStep(said, request.intent, passages, texts, settings);
  if (aboutDocuments) return aboutDocuments;
  const newName = matches(said, RENAME);
  if (newName) return say(texts.renamed(plainMarkdown(newName)), { toolName: TOOLS.renameSpark, input: { name: newName } });
  const initialMessage = matches(said, INITIAL);
  if (initialMessage) return say(texts.initialMessageSet, { toolName: TOOLS.setInitialMessage, input: { message: initialMessage } });
  if (CREATE_TEST.test(said)) return say('', { toolName: TOOLS.createTest, input: { name: texts.testName(settings.tests + 1) } });
  if (ON_WEBSITE.test(said)) return say(texts.onWebsiteNoted, { toolName: TOOLS.reportProgress, input: { onWebsite: true } });
  if (PROGRESS.test(said)) return say('', { toolName: TOOLS.reportProgress, input: {} });
  if (WRITE.test(said)) return say(texts.askPurpose);
  if (UPLOAD.test(said)) return say(texts.upload);
  if (DEPLOY.test(said)) return say('', buttons([{ label: texts.buttons.deploy, goto: '/deploy' }]));
  if (ACTIONS.test(said)) return say(texts.actionsSetup, buttons([{ label: texts.buttons.openActions, goto: `/spark/${settings.sparkId}?panel=actions` }]));
  return say(texts.help(plainMarkdown(settings.name)), menu(texts));
}
