#!/usr/bin/env node
// add-dry-run.js — rewrite a tool call's input before it runs: add --dry-run to risky commands.
//
// Event:   BeforeTool            (Claude Code: PreToolUse)
// Matcher: run_shell_command     (Claude Code: Bash)
//
// How it answers: exit 0 and one JSON object on stdout.
//   hookSpecificOutput.tool_input  replaces the call's arguments (key by key, over the originals);
//                                  Claude Code's name for it, updatedInput, works too.
//   systemMessage                  is appended to the tool's result as "[System] ...", so the
//                                  model knows the command was changed.
// Printing nothing (or {}) lets the call run unchanged.
//
// stdin: {"tool_name": "run_shell_command", "tool_input": {"command": "..."}, "cwd": ..., ...}

const risky = [
  /(^|[\s/])deploy(\.sh)?(\s|$)/, // our stand-in deploy script, examples/bin/deploy.sh
  /^\s*rsync\s/,
  /^\s*kubectl\s+(apply|delete)\s/,
  /^\s*terraform\s+apply(\s|$)/,
];

function main(input) {
  const command = input.tool_input && input.tool_input.command;
  if (typeof command !== 'string') return undefined;
  if (/(^|\s)--dry-run(\s|=|$)/.test(command)) return undefined; // already a dry run
  if (!risky.some((pattern) => pattern.test(command))) return undefined;

  const rewritten = `${command.trimEnd()} --dry-run`;
  return {
    hookSpecificOutput: {
      hookEventName: 'BeforeTool',
      tool_input: { ...input.tool_input, command: rewritten },
    },
    systemMessage: `add-dry-run.js rewrote the command to "${rewritten}". Show the user what would change and let them run it for real.`,
  };
}

let stdin = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (stdin += chunk));
process.stdin.on('end', () => {
  let input;
  try {
    input = JSON.parse(stdin);
  } catch (error) {
    // Exit 1: the hook failed; hookrail warns with this text and lets the call run (fail-open).
    process.stderr.write(`add-dry-run.js: stdin is not JSON: ${error.message}\n`);
    process.exit(1);
  }
  const output = main(input);
  if (output) process.stdout.write(JSON.stringify(output));
});
