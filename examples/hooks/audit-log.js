#!/usr/bin/env node
// audit-log.js — append every tool call, before and after it runs, to a JSON Lines file.
//
// Events:  BeforeTool and AfterTool, no matcher (every tool)   (Claude Code: PreToolUse / PostToolUse)
// File:    <project>/.hookrail/audit.jsonl, or the file named by HOOKRAIL_AUDIT_LOG.
//          The project directory comes from the cwd field of stdin (hookrail also exports it as
//          GEMINI_PROJECT_DIR and CLAUDE_PROJECT_DIR).
//
// How it answers: exit 0 with no output — it only watches, it never changes a call. If it cannot
// write the log it exits 1: hookrail prints a warning with the stderr text and the call still runs
// (fail-open). Make the exit code 2 instead if an unaudited call must never run.
//
// One line per event:
//   {"time", "session", "event": "BeforeTool", "tool", "input"}
//   {"time", "session", "event": "AfterTool", "tool", "input", "error", "outputChars"}

let stdin = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (stdin += chunk));
process.stdin.on('end', async () => {
  // Dynamic imports work whether this file is loaded as CommonJS or as an ES module.
  const { appendFileSync, mkdirSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  try {
    const input = JSON.parse(stdin);
    const projectDir = input.cwd || process.env.CLAUDE_PROJECT_DIR || process.cwd();
    const file = process.env.HOOKRAIL_AUDIT_LOG || join(projectDir, '.hookrail', 'audit.jsonl');
    const entry = {
      time: input.timestamp || new Date().toISOString(),
      session: input.session_id,
      event: input.hook_event_name,
      tool: input.tool_name,
      input: input.tool_input,
    };
    if (input.hook_event_name === 'AfterTool') {
      const response = input.tool_response || {};
      entry.error = response.error ? response.error.message || String(response.error) : null;
      entry.outputChars = String(response.llmContent ?? '').length;
    }
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
  } catch (error) {
    process.stderr.write(`audit-log.js: could not write the audit log: ${error.message}\n`);
    process.exit(1);
  }
});
