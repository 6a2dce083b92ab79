#!/usr/bin/env node
// stop-on-test-failure.js — stop the agent when a test run fails, so a human looks before the
// agent starts "fixing" things.
//
// Event:   AfterTool             (Claude Code: PostToolUse)
// Matcher: run_shell_command     (Claude Code: Bash)
//
// How it answers: exit 0 and one JSON object on stdout.
//   continue: false      ends the agent run after this tool call (no further model call);
//   stopReason: "..."    is shown to the user as the reason the run stopped, and the model's
//                        copy of the result says the run was stopped.
// Works the same on BeforeTool (stop before the call runs), BeforeModel, AfterModel and
// BeforeToolSelection.
//
// stdin: {"tool_name", "tool_input": {"command"}, "tool_response": {"llmContent", "returnDisplay", "error"?}, ...}

const TEST_COMMAND = /(\btest\b|run-tests|vitest|jest|pytest|go test|cargo test)/;
const FAILURE = /^\s*(FAIL|FAILED)\b/m;

function main(input) {
  const command = (input.tool_input && input.tool_input.command) || '';
  if (!TEST_COMMAND.test(command)) return undefined;
  const response = input.tool_response || {};
  const output = `${response.llmContent ?? ''}\n${response.returnDisplay ?? ''}`;
  const failures = output.split('\n').filter((line) => FAILURE.test(line));
  if (failures.length === 0) return undefined;

  const unique = [...new Set(failures.map((line) => line.trim()))];
  return {
    continue: false,
    stopReason: `Tests failed (${unique.length}): ${unique.join('; ')}. Stopping so a human can look before the agent changes anything else.`,
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
    process.stderr.write(`stop-on-test-failure.js: stdin is not JSON: ${error.message}\n`);
    process.exit(1);
  }
  const output = main(input);
  if (output) process.stdout.write(JSON.stringify(output));
});
