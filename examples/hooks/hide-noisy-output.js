#!/usr/bin/env node
// hide-noisy-output.js — keep a noisy tool's output off the user's screen while the model still
// gets all of it, and leave the model a note about what happened.
//
// Event:   AfterTool             (Claude Code: PostToolUse)
// Matcher: run_shell_command     (Claude Code: Bash)
//
// How it answers: exit 0 and one JSON object on stdout.
//   suppressOutput: true                           the user sees "(output hidden by hook)" instead of
//                                                  the output; the model's copy is unchanged.
//   hookSpecificOutput.additionalContext: "..."    appended to what the model receives.
//
// stdin: {"tool_name", "tool_input", "tool_response": {"llmContent", "returnDisplay", "error"?}, ...}
//
// MAX_LINES: outputs longer than this many lines count as noise (override with HIDE_OUTPUT_OVER_LINES).

const MAX_LINES = Number(process.env.HIDE_OUTPUT_OVER_LINES) || 40;

function main(input) {
  const response = input.tool_response || {};
  const shown = typeof response.returnDisplay === 'string' ? response.returnDisplay : String(response.llmContent ?? '');
  const lineCount = shown.split('\n').length;
  if (lineCount <= MAX_LINES) return undefined;

  return {
    suppressOutput: true,
    hookSpecificOutput: {
      hookEventName: 'AfterTool',
      additionalContext:
        `Note from hide-noisy-output.js: this output (${lineCount} lines) was hidden from the user as noise. ` +
        'Summarise what matters in your answer instead of quoting it.',
    },
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
    process.stderr.write(`hide-noisy-output.js: stdin is not JSON: ${error.message}\n`);
    process.exit(1);
  }
  const output = main(input);
  if (output) process.stdout.write(JSON.stringify(output));
});
