import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { responderRequestOf } from '../responder-request.js';
import { assistantScript } from './assistant-script.js';
import { builderScript } from './builder-script.js';
import type { ScriptStep } from './script-step.js';
import { knowledgeAnswer } from './knowledge-answer.js';

const USAGE: LanguageModelV3Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** What the call asks, read from the request beside its prompt (`responder-request.ts`), never from the prompt's sentences. */
function respond(options: LanguageModelV3CallOptions): ScriptStep {
  const request = responderRequestOf(options.providerOptions);
  if (!request) throw new Error('the offline responder answers only calls that carry their request');
  if (request.kind === 'assistant') return assistantScript(options.prompt, request);
  if (request.kind === 'builder') return builderScript(options.prompt, request);
  const lastUser = options.prompt.findLast((message) => message.role === 'user');
  const question = lastUser?.role === 'user' ? lastUser.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ') : '';
  return { text: knowledgeAnswer(question, request), toolCalls: [] };
}

/** Splits text into word-sized deltas, so the offline answer streams like a model's. */
const deltasOf = (text: string): string[] => text.match(/\S+\s*|\s+/g) ?? [];

/**
 * The built-in responder behind the same language-model interface as the real providers: it
 * answers from the passages of the call's request and runs the scripted builder and assistant flows
 * through the offered tools. Nothing outside this folder knows whether a model is offline.
 */
export class OfflineLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider = 'offline';
  readonly modelId = 'sparks-offline';
  readonly supportedUrls = {};
  private calls = 0;

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const step = respond(options);
    const content: LanguageModelV3Content[] = [];
    if (step.text) content.push({ type: 'text', text: step.text });
    for (const call of step.toolCalls)
      content.push({ type: 'tool-call', toolCallId: this.nextId(), toolName: call.toolName, input: JSON.stringify(call.input) });
    return { content, finishReason: this.finishReason(step), usage: USAGE, warnings: [] };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const step = respond(options);
    const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
    if (step.text) {
      const id = this.nextId();
      parts.push({ type: 'text-start', id }, ...deltasOf(step.text).map((delta) => ({ type: 'text-delta' as const, id, delta })), { type: 'text-end', id });
    }
    for (const call of step.toolCalls) parts.push({ type: 'tool-call', toolCallId: this.nextId(), toolName: call.toolName, input: JSON.stringify(call.input) });
    parts.push({ type: 'finish', usage: USAGE, finishReason: this.finishReason(step) });
    const signal = options.abortSignal;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      pull(controller) {
        if (signal?.aborted) {
          controller.error(signal.reason);
          return;
        }
        const part = parts.shift();
        if (part) controller.enqueue(part);
        else controller.close();
      },
    });
    return { stream };
  }

  private finishReason(step: ScriptStep) {
    return step.toolCalls.length > 0 ? { unified: 'tool-calls' as const, raw: 'tool-calls' } : { unified: 'stop' as const, raw: 'stop' };
  }

  private nextId(): string {
    this.calls += 1;
    return `offline-${this.calls}`;
  }
}
