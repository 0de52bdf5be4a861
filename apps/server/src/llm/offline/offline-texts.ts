import type { Language } from '@sparks/contract';
import { catalogue } from './assistant-catalogue.js';

/**
 * What the offline responder says. The builder script recognises where a conversation stands by
 * finding its own questions in the history, so each question text must stay unique. The words
 * live in the translation catalogue beside the web app's (`locales/<language>/assistant.json`).
 */
function offlineTexts(language: Language) {
  const t = catalogue(language);
  return {
    greeting: (name: string) => t('builder.greeting', { name }),
    askPurpose: t('builder.askPurpose'),
    askAudience: t('builder.askAudience'),
    askTone: t('builder.askTone'),
    tones: t('builder.tones', { returnObjects: true }) as string[],
    wroteInstructions: t('builder.wroteInstructions'),
    welcomeBack: (name: string) => t('builder.welcomeBack', { name }),
    askWhatWentWrong: t('builder.askWhatWentWrong'),
    correctionAdded: t('builder.correctionAdded'),
    testPraise: t('builder.testPraise'),
    createdTest: (name: string) => t('builder.createdTest', { name }),
    renamed: (name: string) => t('builder.renamed', { name }),
    initialMessageSet: t('builder.initialMessageSet'),
    progress: (percent: number, left: readonly string[]) =>
      left.length === 0 ? t('builder.progress.done', { percent }) : t('builder.progress.left', { percent, steps: left.map((step) => `- ${step}`).join('\n') }),
    onWebsiteNoted: t('builder.onWebsiteNoted'),
    libraryConnected: t('builder.libraryConnected'),
    actionsSetup: t('builder.actionsSetup'),
    websiteReading: (url: string) => t('builder.websiteReading', { url }),
    websiteFailed: (reason: string) => t('builder.websiteFailed', { reason }),
    upload: t('builder.upload'),
    help: (name: string) => t('builder.help', { name }),
    correctionHeading: t('builder.correctionHeading'),
    instructions: (name: string, purpose: string, audience: string, tone: string) => t('builder.instructions', { name, purpose, audience, tone }),
    buttons: {
      writeInstructions: t('builder.buttons.writeInstructions'),
      createTest: t('builder.buttons.createTest'),
      openTest: t('builder.buttons.openTest'),
      chooseFolders: t('builder.buttons.chooseFolders'),
      upload: t('builder.buttons.upload'),
      deploy: t('builder.buttons.deploy'),
      openActions: t('builder.buttons.openActions'),
    },
    noKnowledge: t('builder.noKnowledge'),
    noKnowledgeOtherLanguage: (documents: Language) => t('builder.noKnowledgeOtherLanguage', { documents: t(`builder.languageNames.${documents}`) }),
    foundIntro: t('builder.foundIntro'),
    relatedIntro: t('builder.relatedIntro'),
    testName: (number: number) => t('builder.testName', { number }),
    documentNotReady: t('builder.documentNotReady'),
    summaryIntro: t('builder.summaryIntro'),
    outlineIntro: (titles: string) => t('builder.outlineIntro', { titles }),
    questionsIntro: t('builder.questionsIntro'),
    questionAbout: (topic: string) => t('builder.questionAbout', { topic }),
    questionsNone: t('builder.questionsNone'),
    proposalIntro: t('builder.proposalIntro'),
    proposeWelcome: t('builder.proposeWelcome'),
    welcomeAbout: (topics: string) => t('builder.welcomeAbout', { topics }),
    proposeInstructions: t('builder.proposeInstructions'),
    instructionsAbout: (title: string) => t('builder.instructionsAbout', { title }),
    instructionsAdded: t('builder.instructionsAdded'),
  };
}

export const OFFLINE_TEXTS: Record<Language, ReturnType<typeof offlineTexts>> = { en: offlineTexts('en'), es: offlineTexts('es') };

export type OfflineTexts = ReturnType<typeof offlineTexts>;
