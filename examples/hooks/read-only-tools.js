#!/usr/bin/env node
// read-only-tools.js — restrict the tools the model may call on a request: when the user asks for
// a review, only tools that read are allowed.
//
// Event:   BeforeToolSelection   (no Claude Code equivalent; no matcher — it fires on every model request)
//
// How it answers: exit 0 and one JSON object on stdout.
//   hookSpecificOutput.toolConfig.allowedFunctionNames   the only functions the model may call
//   hookSpecificOutput.toolConfig.mode                   "ANY" (must call one of them), "AUTO", or
//                                                        "NONE" (no tools at all for this request)
// The tool definitions themselves are still sent; the restriction works through toolConfig.
// Several hooks: allowed names are unioned and the most restrictive mode wins (NONE > ANY > AUTO).
//
// stdin: {"hook_event_name": "BeforeToolSelection", "llm_request": {"model", "messages": [{"role", "content"}], ...}, ...}

const READ_ONLY_TOOLS = ['glob', 'list_directory', 'read_file'];
const REVIEW_REQUEST = /\b(review|audit|inspect|explain)\b/i;

function main(input) {
  const messages = (input.llm_request && input.llm_request.messages) || [];
  const asksForReview = messages.some((message) => message.role === 'user' && REVIEW_REQUEST.test(message.content));
  if (!asksForReview) return undefined; // any other request: all tools stay available

  return {
    hookSpecificOutput: {
      hookEventName: 'BeforeToolSelection',
      toolConfig: { mode: 'ANY', allowedFunctionNames: READ_ONLY_TOOLS },
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
    process.stderr.write(`read-only-tools.js: stdin is not JSON: ${error.message}\n`);
    process.exit(1);
  }
  const output = main(input);
  if (output) process.stdout.write(JSON.stringify(output));
});
