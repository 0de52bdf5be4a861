import type { Language } from '@sparks/contract';
import { catalogue } from './assistant-catalogue.js';

/**
 * What the offline system assistant says. Like the builder script, it finds where a conversation
 * stands by recognising its own questions in the history, so each question text stays unique.
 * The words live in the translation catalogue beside the web app's (`locales/<language>/assistant.json`).
 */
function assistantTexts(language: Language) {
  const t = catalogue(language);
  return {
    askName: t('system.askName'),
    created: (name: string) => t('system.created', { name }),
    askPurpose: t('system.askPurpose'),
    choosePalette: t('system.choosePalette'),
    paletteAgain: t('system.paletteAgain'),
    chooseIcon: t('system.chooseIcon'),
    iconAgain: t('system.iconAgain'),
    welcome: (name: string) => t('system.welcome', { name }),
    askUpload: t('system.askUpload'),
    ready: (name: string) => t('system.ready', { name }),
    welcomeBack: (name: string) => t('system.welcomeBack', { name }),
    testIt: t('system.testIt'),
    notNow: t('system.notNow'),
    upload: t('system.upload'),
    deploy: t('system.deploy'),
    openSpark: t('system.openSpark'),
    testName: t('system.testName'),
    openingTest: t('system.openingTest'),
    profileIntro: t('system.profileIntro'),
    askFirstname: t('system.askFirstname'),
    askLastname: t('system.askLastname'),
    askPhone: t('system.askPhone'),
    phoneInvalid: t('system.phoneInvalid'),
    askLanguage: t('system.askLanguage'),
    profileDone: t('system.profileDone'),
    saved: t('system.saved'),
    changeName: t('system.changeName'),
    changePhone: t('system.changePhone'),
    changeLanguage: t('system.changeLanguage'),
    languageNames: {
      en: t('system.languageNames.en'),
      es: t('system.languageNames.es'),
    },
    settingsIntro: t('system.settingsIntro'),
    editProfile: t('system.editProfile'),
    logout: t('system.logout'),
    loggingOut: t('system.loggingOut'),
    billingIntro: t('system.billingIntro'),
    seePlans: t('system.seePlans'),
    home: t('system.home'),
    noSparks: t('system.noSparks'),
    createSpark: t('system.createSpark'),
    chooseSpark: t('system.chooseSpark'),
    codeIntro: (name: string) => t('system.codeIntro', { name }),
    allowWebsite: t('system.allowWebsite'),
    copied: t('system.copied'),
    askLive: t('system.askLive'),
    live: t('system.live'),
    deployed: t('system.deployed'),
    onboardingIntro: (name: string) => t('system.onboardingIntro', { name }),
    startTutorial: t('system.startTutorial'),
    firstSpark: t('system.firstSpark'),
    mainIntro: t('system.mainIntro'),
    askQuestion: t('system.askQuestion'),
    whatToKnow: t('system.whatToKnow'),
    anythingElse: t('system.anythingElse'),
    answers: {
      create: t('system.answers.create'),
      documents: t('system.answers.documents'),
      deploy: t('system.answers.deploy'),
      plans: t('system.answers.plans'),
      profile: t('system.answers.profile'),
      test: t('system.answers.test'),
    },
    notUnderstood: t('system.notUnderstood'),
  };
}

export const ASSISTANT_TEXTS: Record<Language, ReturnType<typeof assistantTexts>> = { en: assistantTexts('en'), es: assistantTexts('es') };

export type AssistantTexts = ReturnType<typeof assistantTexts>;
