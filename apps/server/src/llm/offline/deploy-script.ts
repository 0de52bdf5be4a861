import { ASSISTANT_TOOL_NAMES as TOOLS } from '../tool-names.js';
import { asked, buttons, call, chose, refusal, say, type AssistantTurn } from './assistant-turn.js';
import { plainMarkdown } from './plain-markdown.js';
import type { ScriptStep } from './script-step.js';

/** product.md §2 deploy: choose a Spark, copy its code, check it is live — each step reported as it is done. */
export function deployScript(turn: AssistantTurn): ScriptStep {
  const { texts, state, said } = turn;
  if (turn.results.length > 0) return say(refusal(turn) ?? '');
  if (state.sparks.length === 0) return say(texts.noSparks, buttons([{ label: texts.createSpark, goto: '/new-spark' }]));
  if (chose(turn, 'copied')) return say(texts.askLive, call(TOOLS.reportDeployStep, { step: 'snippet' }), buttons([{ label: texts.live, value: texts.live }]));
  if (chose(turn, 'live')) {
    return say(texts.deployed, call(TOOLS.reportDeployStep, { step: 'live' }), buttons([{ label: texts.home, goto: '/' }]));
  }
  const wanted = said.trim().toLowerCase();
  const spark = state.sparks.find((item) => item.name.trim().toLowerCase() === wanted || item.sparkId === wanted);
  if (spark) {
    return say(
      texts.codeIntro(plainMarkdown(spark.name)),
      call(TOOLS.showEmbedCode, { sparkId: spark.sparkId }),
      buttons([
        { label: texts.allowWebsite, goto: `/spark/${spark.sparkId}?panel=deploy` },
        { label: texts.copied, value: texts.copied },
      ]),
    );
  }
  return say(
    turn.isStart || asked(turn, 'chooseSpark') ? texts.chooseSpark : `${texts.notUnderstood.split(/[.:]/)[0]}. ${texts.chooseSpark}`,
    buttons(state.sparks.slice(0, 6).map((item) => ({ label: item.name.slice(0, 80), value: item.name.slice(0, 200) }))),
  );
}
