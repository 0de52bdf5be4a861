import { SPARK_DEFAULTS, iconNamed, paletteNamed } from '@sparks/contract';
import { ASSISTANT_TOOL_NAMES as TOOLS } from '../tool-names.js';
import { asked, buttons, call, chose, refusal, say, type AssistantTurn } from './assistant-turn.js';
import { plainMarkdown } from './plain-markdown.js';
import type { ScriptStep } from './script-step.js';

/** The look and the next steps, once the Spark has its name, purpose, colours and icon. */
function ready(turn: AssistantTurn, prefix = ''): ScriptStep {
  const { texts } = turn;
  const spark = turn.state.spark!;
  return say(
    `${prefix}${texts.ready(plainMarkdown(spark.name))}`,
    call(TOOLS.showWidgetPreview),
    buttons([
      { label: texts.testIt, value: texts.testIt },
      { label: texts.deploy, goto: '/deploy' },
      { label: texts.openSpark, goto: `/spark/${spark.sparkId}` },
    ]),
  );
}

/** The longest purpose set_purpose takes. */
const PURPOSE_MAX = 2000;
const hasPurpose = (turn: AssistantTurn) => turn.state.spark?.instructions !== SPARK_DEFAULTS.options.sysPrompt;

/** Asks for what the Spark still lacks, in the flow's order. */
function nextQuestion(turn: AssistantTurn, prefix = ''): ScriptStep {
  const { texts, state } = turn;
  if (!state.spark) return say(`${prefix}${texts.askName}`);
  if (!hasPurpose(turn)) return say(`${prefix}${texts.askPurpose}`);
  if (!state.spark.palette) return say(`${prefix}${texts.choosePalette}`, call(TOOLS.showPalettes));
  // The icon and the welcome message are set together: a default greeting means no icon was chosen yet.
  if (state.spark.initialMessage === SPARK_DEFAULTS.options.initialMessage) return say(`${prefix}${texts.chooseIcon}`, call(TOOLS.showIcons));
  return ready(turn, prefix);
}

/** After the tools of the previous step ran: report a refusal, or say what follows a new Spark. */
function afterTools(turn: AssistantTurn): ScriptStep {
  const problem = refusal(turn);
  if (problem) return say(problem);
  const created = turn.results.find((result) => result.toolName === TOOLS.createSpark);
  if (created && typeof created.value.name === 'string') return say(`${turn.texts.created(plainMarkdown(created.value.name))}\n\n${turn.texts.askPurpose}`);
  if (turn.results.some((result) => result.toolName === TOOLS.createTest)) return say(turn.texts.openingTest);
  return say('');
}

/**
 * The offline new-spark assistant (issue flow): name → purpose → palette → icon → welcome
 * message → documents → widget preview → test or deploy. Each answer changes the real Spark
 * through the tools; a choice it does not recognise shows the choices again.
 */
export function newSparkScript(turn: AssistantTurn): ScriptStep {
  const { texts, state, said } = turn;
  if (turn.results.length > 0) return afterTools(turn);
  if (turn.isStart) return nextQuestion(turn, state.spark ? `${texts.welcomeBack(plainMarkdown(state.spark.name))}\n\n` : '');
  if (!state.spark) return say('', call(TOOLS.createSpark, { name: said.slice(0, 80) }));
  if (chose(turn, 'testIt')) return say('', call(TOOLS.createTest, { name: texts.testName }));
  if (!hasPurpose(turn) || asked(turn, 'askPurpose')) {
    return say(texts.choosePalette, call(TOOLS.setPurpose, { purpose: said.slice(0, PURPOSE_MAX) }), call(TOOLS.showPalettes));
  }
  if (asked(turn, 'choosePalette') || asked(turn, 'paletteAgain')) {
    const palette = paletteNamed(said);
    if (!palette) return say(texts.paletteAgain, call(TOOLS.showPalettes));
    return say(texts.chooseIcon, call(TOOLS.setPalette, { name: palette.name }), call(TOOLS.showIcons));
  }
  if (asked(turn, 'chooseIcon') || asked(turn, 'iconAgain')) {
    const icon = iconNamed(said);
    if (!icon) return say(texts.iconAgain, call(TOOLS.showIcons));
    return say(
      texts.askUpload,
      call(TOOLS.setIcon, { name: icon.name }),
      call(TOOLS.setInitialMessage, { message: texts.welcome(state.spark.name) }),
      buttons([
        { label: texts.upload, goto: `/spark/${state.spark.sparkId}?upload=pick` },
        { label: texts.notNow, value: texts.notNow },
      ]),
    );
  }
  if (asked(turn, 'askUpload')) return ready(turn);
  // A palette named out of turn is still understood.
  const palette = paletteNamed(said);
  if (palette) return say(texts.chooseIcon, call(TOOLS.setPalette, { name: palette.name }), call(TOOLS.showIcons));
  return nextQuestion(turn, `${texts.notUnderstood.split('.')[0]}. `);
}
