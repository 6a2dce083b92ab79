/**
 * `hookrail chat`: an interactive agent session in a terminal. SessionStart fires when it opens;
 * each line typed is a prompt (BeforeAgent, its turns, AfterAgent) shown as `hookrail run` shows
 * it; `/compact` compacts the history now (PreCompress, trigger manual) and `/clear` starts over
 * (SessionEnd and SessionStart, reason and source clear); a hook's `ask` is answered by the next
 * line typed (y or n); a prompt left waiting 60 s fires Notification `idle_prompt`; Ctrl-C cancels the prompt in progress (at
 * an empty prompt it ends the session); Ctrl-D ends the session, and SessionEnd fires with reason
 * `prompt_input_exit`. Only for a terminal: with a piped stdin it says to use `hookrail run`.
 */
import { createInterface } from 'node:readline';
import type { AgentRunResult } from '../../machines/types.js';
import type { CommandDefinition } from '../context.js';
import { createCliAskUser } from '../askPrompt.js';
import { CliUsageError, ExitCode } from '../errors.js';
import { RunProgressView } from '../runProgress.js';
import { prepareCliSession, sessionHeader, sessionOptionSpecs } from '../sessionSetup.js';
import { formatJudgedHook, formatSubagentEvent } from '../judgedHooks.js';
import {
  IDLE_PROMPT_DELAY_VARIABLE,
  IDLE_PROMPT_MESSAGE,
  IDLE_PROMPT_NOTIFICATION_TYPE,
  IdlePromptNotifier,
  idlePromptDelay,
} from '../idlePrompt.js';

const commandName = 'chat';

/** The `chat` command. */
export const chatCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary: 'An interactive agent session in your terminal: type prompts, Ctrl-D ends the session',
    description: [
      'Same model, tools, hooks and options as "hookrail run", but the prompts come from you, one line each. SessionStart ' +
        'fires when the session opens and SessionEnd (reason "prompt_input_exit") when you press Ctrl-D.',
      '"/compact" compacts the conversation now (PreCompress with trigger "manual"); "/clear" starts it over (SessionEnd and ' +
        'SessionStart with reason and source "clear"). Ctrl-C cancels the prompt in progress (hook and tool processes are ' +
        'stopped); at an empty prompt it ends the session. ' +
        'stdin must be a terminal; for scripts use "hookrail run" (a scenario can hold several "prompts").',
      'When the prompt has waited 60 seconds for your next line, Notification fires once with notification_type ' +
        `"idle_prompt", as in Claude Code (${IDLE_PROMPT_DELAY_VARIABLE} sets another delay in milliseconds).`,
    ],
    options: { ...sessionOptionSpecs },
    examples: [
      'hookrail chat --scenario examples/scenarios/demo.json',
      'GEMINI_API_KEY=... hookrail chat --model gemini-2.5-flash',
    ],
  },
  execute: async (context, args) => {
    const stdin = context.io.stdin;
    if (!stdin?.isTTY) {
      throw new CliUsageError(
        'hookrail chat needs an interactive terminal, but stdin is not one; to run prompts from a script use: hookrail run "your prompt" (or a scenario with "prompts")',
        {
          commandName,
        },
      );
    }
    const idleDelay = idlePromptDelay(context.io.env, commandName);
    const view = new RunProgressView(context.render);
    // A hook's ask is answered by the next line typed; the line editor below hands it over.
    let answerWaiting: ((line: string | undefined) => void) | undefined;
    const readAnswer = (signal: AbortSignal): Promise<string | undefined> =>
      new Promise((resolve) => {
        const finish = (line: string | undefined): void => {
          answerWaiting = undefined;
          signal.removeEventListener('abort', onAbort);
          resolve(line);
        };
        const onAbort = (): void => finish(undefined);
        if (signal.aborted) {
          finish(undefined);
          return;
        }
        signal.addEventListener('abort', onAbort, { once: true });
        answerWaiting = finish;
      });
    const onAskUser = createCliAskUser({
      io: context.io,
      render: context.render,
      fallback: 'deny',
      beforePrompt: () => view.pauseLine(),
      readAnswer,
    });
    const prepared = await prepareCliSession(context, args, {
      commandName,
      onAskUser,
      // Judged decisions and what agent hooks' sub-agents read, as in `hookrail run`.
      onJudgedHook: (event) => {
        view.pauseLine();
        context.render.line(formatJudgedHook(event, context.render.styles));
      },
      onSubagentEvent: (event, hookName) => {
        const line = formatSubagentEvent(event, hookName, context.render.styles);
        if (!line) return;
        view.pauseLine();
        context.render.line(line);
      },
    });
    const setup = prepared.start((event) => view.handle(event));
    const { session } = setup;
    const styles = context.render.styles;
    context.render.line(styles.dim(sessionHeader(commandName, setup)));
    context.render.line(
      styles.dim(
        'Type a prompt and press Enter; /compact and /clear work too. Ctrl-C cancels a running prompt; Ctrl-D ends the session.',
      ),
    );

    const lines = createInterface({
      input: stdin,
      output: context.io.stdout as NodeJS.WritableStream,
      terminal: true,
      prompt: '> ',
    });
    let active: AbortController | undefined;
    let closed = false;
    // Notification `idle_prompt` once the prompt has waited for a line long enough (idlePrompt.ts).
    const idle = new IdlePromptNotifier({
      delayMs: idleDelay,
      notify: () => {
        session.notify(IDLE_PROMPT_NOTIFICATION_TYPE, IDLE_PROMPT_MESSAGE).catch((error: unknown) => {
          context.render.error(
            `the idle_prompt notification failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
      },
    });
    const showPrompt = (): void => {
      lines.prompt();
      idle.waiting();
    };

    // The terminal stays in readline's raw mode during a prompt (so Ctrl-C reaches us as a key, not a
    // signal); lines typed meanwhile wait their turn.
    const waiting: string[] = [];
    /** `/compact` and `/clear` act on the session; any other line is a prompt. */
    const command = async (text: string): Promise<void> => {
      if (text === '/compact') {
        const report = await session.compact();
        if (!report) context.render.line(styles.dim('Nothing to compact yet.'));
      } else {
        await session.clear();
        context.render.line(styles.dim('Conversation cleared.'));
      }
    };
    const answer = async (text: string): Promise<void> => {
      active = new AbortController();
      const signal = AbortSignal.any([active.signal, context.signal]);
      context.render.line();
      let result: AgentRunResult | undefined;
      try {
        if (text === '/compact' || text === '/clear') await command(text);
        else result = await session.prompt(text, { signal });
      } catch (error) {
        context.render.error(error instanceof Error ? error.message : String(error));
      }
      active = undefined;
      if (result) view.finish(result, { maxTurns: setup.maxTurns });
      if (result?.status === 'error') context.render.error(result.errorMessage ?? 'the prompt failed');
      if (closed) return;
      if (session.ended) {
        lines.close();
        return;
      }
      context.render.line();
      const next = waiting.shift();
      if (next !== undefined) void answer(next);
      else showPrompt();
    };

    lines.on('line', (line) => {
      idle.stop();
      const text = line.trim();
      if (answerWaiting) {
        answerWaiting(text);
      } else if (active) {
        if (text !== '') waiting.push(text);
      } else if (text === '') {
        showPrompt();
      } else {
        void answer(text);
      }
    });
    lines.on('SIGINT', () => {
      if (active) active.abort();
      else lines.close();
    });
    const onAbort = (): void => lines.close();
    context.signal.addEventListener('abort', onAbort, { once: true });

    await new Promise<void>((resolve) => {
      lines.on('close', () => {
        closed = true;
        idle.stop();
        answerWaiting?.(undefined);
        resolve();
      });
      showPrompt();
    });
    context.signal.removeEventListener('abort', onAbort);
    active?.abort();
    context.render.line();
    await session.end(context.signal.aborted ? 'exit' : 'prompt_input_exit');
    await setup.removeEnvironmentFile();
    context.render.line(styles.dim('Session ended.'));
    return context.signal.aborted ? ExitCode.interrupted : ExitCode.success;
  },
};
