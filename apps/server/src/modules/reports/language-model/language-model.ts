import type { TReportChart, TReportTable } from '@app/contracts';
import type { ChatCompletionMessage, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AppError } from '../../../platform/http/app-error.js';
import { unsupportedNumbers } from '../report-numbers.js';
import type { ToolOutcome, ToolRunner, ToolSpec } from '../tools/tool-spec.js';
import {
  DEFAULT_TIMEOUT_MS,
  isCallerAbort,
  openAiClient,
  providerError,
  type LanguageModelConfig,
} from './language-model-client.js';
import { functionTools, outcomeForModel, runToolCall, ToolResults } from './language-model-tools.js';
import { MAX_FOLLOW_UPS, parseModelAnswer, shortTitle, type ModelAnswer } from './model-answer.js';

export type { LanguageModelConfig } from './language-model-client.js';

export type LanguageModelAnswer = {
  title: string;
  summary: string;
  followUps: string[];
  tables: TReportTable[];
  charts: TReportChart[];
};

export const DEFAULT_MAX_TOOL_CALLS = 8;

const NO_ANSWER = 'The language model gave no answer. Try again, or ask another way.';
const INVENTED_NUMBERS =
  'The language model stated numbers that are not in the data, so its answer was not shown.';

/**
 * A follow-up is a question, shown under the answer: "the last 60 days" and "the top 5" count
 * what to ask for and may be any number, but "why did sales fall 45%?" states a figure, and one
 * that no tool returned is invented like any other (the follow-up is left out). Security review
 * of issue 14: follow-ups were shown unchecked.
 */
function withoutCounts(followUp: string): string {
  return followUp
    .replace(/\b\d+\s+(?:days?|weeks?|months?|quarters?|years?)\b/gi, ' ')
    .replace(/\b(?:top|bottom|best|worst|first|last|next)\s+\d+\b/gi, ' ');
}

/**
 * The rules the model works under. They are asked for, not trusted: the tools are the business's
 * own read-only queries (the business is never an argument), and every number of the final answer
 * is checked against the tool results before anyone sees it.
 */
function systemPrompt(context: string): string {
  return [
    'You are the data analyst of ONE retail business and answer its people’s questions about it.',
    'Rules:',
    '- Read data only through the tools. Every fact you state must come from a tool result.',
    '- Never state a number that no tool result contains: no sums, averages, differences or percentages of your own. Dates are fine.',
    '- The tools read this business only; there is no way to see another business, so do not try.',
    '- If the tools cannot answer the question, say so plainly, without numbers.',
    '- Write plain English text, no markdown, at most 120 words.',
    `- When you are done, reply with only a JSON object: {"title": "a short title", "summary": "your answer", "followUps": ["at most ${MAX_FOLLOW_UPS} questions worth asking next"]}.`,
    '',
    'What the business’s data holds:',
    context,
  ].join('\n');
}

/**
 * Answers a question with the business's tools through an OpenAI-compatible chat model: the
 * model calls tools (at most `maxToolCalls` in all), then gives its answer, whose title and
 * summary may state only numbers of the tools' tables (or of `allowedNumbers`). One correction
 * round is granted; a model that still invents numbers ends in PROVIDER_ERROR, as does any
 * failure to reach it.
 */
export async function askLanguageModel(input: {
  config: LanguageModelConfig;
  question: string;
  /** The business's schema summary: what the data holds (stores and categories by name and id,
   *  the time zone, today's date, the default range), written by the caller. */
  context: string;
  tools: readonly ToolSpec[];
  runTool: ToolRunner;
  /** Numbers the summary may state without a table (those of the question). */
  allowedNumbers?: readonly string[];
  maxToolCalls?: number;
  signal?: AbortSignal;
}): Promise<LanguageModelAnswer> {
  const { config, question, tools, runTool, signal } = input;
  const maxToolCalls = input.maxToolCalls ?? DEFAULT_MAX_TOOL_CALLS;
  const client = openAiClient(config);
  const definitions = functionTools(tools);
  const results = new ToolResults();
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: systemPrompt(input.context) },
    { role: 'user', content: question },
  ];

  const complete = async (withTools: boolean): Promise<ChatCompletionMessage> => {
    let message: ChatCompletionMessage | undefined;
    try {
      const completion = await client.chat.completions.create(
        {
          model: config.model,
          messages,
          // Past the limit the tools are left out (not tool_choice 'none', which not every
          // compatible server knows): the model can then only answer.
          ...(withTools && definitions.length > 0 ? { tools: definitions } : {}),
        },
        { timeout: config.timeoutMs ?? DEFAULT_TIMEOUT_MS, ...(signal ? { signal } : {}) },
      );
      message = completion.choices[0]?.message;
    } catch (error) {
      if (isCallerAbort(error, signal)) throw error;
      throw providerError(error, config.apiKey);
    }
    if (!message) throw new AppError('PROVIDER_ERROR', NO_ANSWER);
    return message;
  };

  let toolCalls = 0;
  let reply = await complete(maxToolCalls > 0);
  while (toolCalls < maxToolCalls && (reply.tool_calls?.length ?? 0) > 0) {
    const calls = reply.tool_calls ?? [];
    messages.push({ role: 'assistant', content: reply.content, tool_calls: calls });
    // Every call of the message gets its answer (the API refuses a conversation that leaves one
    // out), the calls past the limit an error. Every call counts, a refused one too, so a model
    // that keeps calling what does not exist still comes to an end.
    for (const call of calls) {
      let outcome: ToolOutcome;
      if (toolCalls >= maxToolCalls)
        outcome = { ok: false, error: 'No more tool calls are allowed for this question.' };
      else {
        toolCalls++;
        outcome =
          call.type === 'function'
            ? await runToolCall(tools, runTool, call.function.name, call.function.arguments)
            : { ok: false, error: 'Only the function tools exist.' };
        results.add(outcome);
      }
      messages.push({ role: 'tool', tool_call_id: call.id, content: outcomeForModel(outcome) });
    }
    const hasToolsLeft = toolCalls < maxToolCalls;
    if (!hasToolsLeft)
      messages.push({
        role: 'user',
        content:
          'That was the last tool call this question allows. Answer now with the JSON object, from the results you have.',
      });
    reply = await complete(hasToolsLeft);
  }

  const numbersNotInData = (answer: ModelAnswer): number[] => [
    ...new Set(unsupportedNumbers(`${answer.summary} ${answer.title}`, results.tables, input.allowedNumbers)),
  ];

  let answer = parseModelAnswer(reply.content);
  if (!answer) throw new AppError('PROVIDER_ERROR', NO_ANSWER);
  const invented = numbersNotInData(answer);
  if (invented.length > 0) {
    messages.push(
      { role: 'assistant', content: reply.content },
      {
        role: 'user',
        content: `These numbers are not in any tool result: ${invented.join(', ')}; answer again using only numbers from the tool results, with the same JSON object.`,
      },
    );
    answer = parseModelAnswer((await complete(false)).content);
    if (!answer || numbersNotInData(answer).length > 0)
      throw new AppError('PROVIDER_ERROR', INVENTED_NUMBERS);
  }
  // A report without the model's title is titled with the question, after the check: the
  // question's numbers are the asker's, not the model's.
  return {
    ...answer,
    followUps: answer.followUps.filter(
      (followUp) =>
        unsupportedNumbers(withoutCounts(followUp), results.tables, input.allowedNumbers).length === 0,
    ),
    title: answer.title || shortTitle(question),
    tables: results.tables,
    charts: results.charts,
  };
}
