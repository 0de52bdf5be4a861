import type { Language } from '@sparks/contract';
import { UPLOAD_BUTTON_LABELS } from '../document-intents.js';

/**
 * What the offline responder says. The builder script recognises where a conversation stands by
 * finding its own questions in the history, so each question text must stay unique.
 */
export const OFFLINE_TEXTS = {
  en: {
    greeting: (name: string) => `Hi! I'm your builder assistant. Let's shape **${name}** together.`,
    askPurpose: 'What is this Spark for? Describe its purpose in a sentence or two.',
    askAudience: 'Who will talk to it? For example: customers, employees or students.',
    askTone: 'Which tone should it use?',
    tones: ['Friendly', 'Formal', 'Concise'],
    wroteInstructions: 'Done! I wrote its instructions from your answers. You can change them any time by telling me what to adjust.',
    welcomeBack: (name: string) => `Welcome back! What would you like to change in **${name}**?`,
    askWhatWentWrong: "I'm sorry the test did not go well. What was wrong with the answer?",
    correctionAdded: 'Thanks. I added your correction to its instructions. Try it again in a new test.',
    testPraise: 'Great, the test went well! You can deploy it to your website or keep testing.',
    createdTest: (name: string) => `I created the test **${name}**. Open it and ask your Spark a question.`,
    renamed: (name: string) => `Done, the Spark is now called **${name}**.`,
    initialMessageSet: 'Done, I changed the message it greets visitors with.',
    progress: (percent: number, left: readonly string[]) =>
      left.length === 0 ? `Your Spark is at ${percent} %: everything is done.` : `Your Spark is at ${percent} %. Still to do:\n${left.map((step) => `- ${step}`).join('\n')}`,
    onWebsiteNoted: 'Noted: your Spark is on your website.',
    libraryConnected: 'SharePoint is connected. Choose the site, library and folders whose PDF and Word files I should read; I will keep them in sync.',
    upload: 'Use the paperclip button next to the message box to attach a document (PDF, Word, text or Markdown); your Spark will answer from it.',
    help: (name: string) =>
      `I can help you shape **${name}**: write its instructions, rename it ("call it …"), change its welcome message ("welcome message: …"), create a test, tell you how far it is, or deploy it. What would you like to do?`,
    correctionHeading: 'Corrections from the owner:',
    instructions: (name: string, purpose: string, audience: string, tone: string) =>
      `You are ${name}, an assistant whose purpose is: ${purpose}\nYou talk with: ${audience}\nTone: ${tone}\nAnswer only from your knowledge. When it has nothing relevant, say so plainly and suggest contacting a person.`,
    buttons: {
      writeInstructions: 'Write its instructions',
      createTest: 'Create a test',
      openTest: 'Open the test',
      chooseFolders: 'Choose folders',
      upload: UPLOAD_BUTTON_LABELS.en,
      deploy: 'Deploy it',
    },
    noKnowledge: "I'm sorry, I don't have information about that yet. Please ask something else or contact a person.",
    foundIntro: 'This is what I found:',
    testName: (number: number) => `Test ${number}`,
    documentNotReady: "I can't read your documents yet: they are still being processed, or none has text. Ask me again in a moment.",
    summaryIntro: 'Here is what your documents cover:',
    outlineIntro: (titles: string) => `${titles} covers these sections:`,
    questionsIntro: 'Questions your visitors could ask:',
    questionAbout: (topic: string) => `What does it say about ${topic}?`,
    proposalIntro: 'From your documents I suggest these changes. Apply the ones you like:',
    proposeWelcome: 'Use a welcome message about it',
    welcomeAbout: (topics: string) => `Welcome message: Hello! Ask me anything about ${topics}.`,
    proposeInstructions: 'Mention it in the instructions',
    instructionsAbout: (title: string) => `Add to the instructions: Answer questions using the document "${title}" and cite it.`,
    instructionsAdded: 'Done, I added that to its instructions.',
  },
  es: {
    greeting: (name: string) => `¡Hola! Soy tu asistente de creación. Vamos a dar forma a **${name}** juntos.`,
    askPurpose: '¿Para qué sirve este Spark? Describe su propósito en una o dos frases.',
    askAudience: '¿Quién hablará con él? Por ejemplo: clientes, empleados o estudiantes.',
    askTone: '¿Qué tono debe usar?',
    tones: ['Cercano', 'Formal', 'Conciso'],
    wroteInstructions: '¡Listo! He escrito sus instrucciones a partir de tus respuestas. Puedes cambiarlas cuando quieras diciéndome qué ajustar.',
    welcomeBack: (name: string) => `¡Hola de nuevo! ¿Qué quieres cambiar en **${name}**?`,
    askWhatWentWrong: 'Siento que la prueba no haya ido bien. ¿Qué estaba mal en la respuesta?',
    correctionAdded: 'Gracias. He añadido tu corrección a sus instrucciones. Pruébalo de nuevo en una prueba nueva.',
    testPraise: '¡Genial, la prueba ha ido bien! Puedes publicarlo en tu web o seguir probando.',
    createdTest: (name: string) => `He creado la prueba **${name}**. Ábrela y hazle una pregunta a tu Spark.`,
    renamed: (name: string) => `Hecho, ahora el Spark se llama **${name}**.`,
    initialMessageSet: 'Hecho, he cambiado el mensaje con el que saluda a los visitantes.',
    progress: (percent: number, left: readonly string[]) =>
      left.length === 0 ? `Tu Spark está al ${percent} %: todo está hecho.` : `Tu Spark está al ${percent} %. Falta:\n${left.map((step) => `- ${step}`).join('\n')}`,
    onWebsiteNoted: 'Anotado: tu Spark ya está en tu web.',
    libraryConnected: 'SharePoint está conectado. Elige el sitio, la biblioteca y las carpetas cuyos PDF y Word debo leer; los mantendré sincronizados.',
    upload: 'Usa el botón del clip junto al cuadro de mensaje para adjuntar un documento (PDF, Word, texto o Markdown); tu Spark responderá a partir de él.',
    help: (name: string) =>
      `Puedo ayudarte a dar forma a **${name}**: escribir sus instrucciones, renombrarlo ("llámalo …"), cambiar su mensaje de bienvenida ("mensaje de bienvenida: …"), crear una prueba, decirte cuánto le falta o publicarlo. ¿Qué quieres hacer?`,
    correctionHeading: 'Correcciones del propietario:',
    instructions: (name: string, purpose: string, audience: string, tone: string) =>
      `Eres ${name}, un asistente cuyo propósito es: ${purpose}\nHablas con: ${audience}\nTono: ${tone}\nResponde solo a partir de tu conocimiento. Cuando no tenga nada relevante, dilo claramente y sugiere contactar con una persona.`,
    buttons: {
      writeInstructions: 'Escribir sus instrucciones',
      createTest: 'Crear una prueba',
      openTest: 'Abrir la prueba',
      chooseFolders: 'Elegir carpetas',
      upload: UPLOAD_BUTTON_LABELS.es,
      deploy: 'Publicarlo',
    },
    noKnowledge: 'Lo siento, todavía no tengo información sobre eso. Pregunta otra cosa o contacta con una persona.',
    foundIntro: 'Esto es lo que he encontrado:',
    testName: (number: number) => `Prueba ${number}`,
    documentNotReady: 'Todavía no puedo leer tus documentos: aún se están procesando o ninguno tiene texto. Vuelve a preguntarme en un momento.',
    summaryIntro: 'Esto es lo que cubren tus documentos:',
    outlineIntro: (titles: string) => `${titles} trata estos apartados:`,
    questionsIntro: 'Preguntas que tus visitantes podrían hacer:',
    questionAbout: (topic: string) => `¿Qué dice sobre ${topic}?`,
    proposalIntro: 'A partir de tus documentos te propongo estos cambios. Aplica los que quieras:',
    proposeWelcome: 'Usar un mensaje de bienvenida sobre él',
    welcomeAbout: (topics: string) => `Mensaje de bienvenida: ¡Hola! Pregúntame lo que quieras sobre ${topics}.`,
    proposeInstructions: 'Mencionarlo en las instrucciones',
    instructionsAbout: (title: string) => `Añade a las instrucciones: Responde a las preguntas usando el documento "${title}" y cítalo.`,
    instructionsAdded: 'Hecho, lo he añadido a sus instrucciones.',
  },
} satisfies Record<Language, unknown>;

export type OfflineTexts = (typeof OFFLINE_TEXTS)['en'];
