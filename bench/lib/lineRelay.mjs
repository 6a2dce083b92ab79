#!/usr/bin/env node
// The floor of any stdio gateway, for mcp-gateway.bench.mjs: a process that starts the server given as
// its arguments and passes each line both ways after parsing it as JSON, doing nothing else. What a
// gateway adds beyond this is its own work. Not a benchmark itself (bench/run.mjs runs *.bench.mjs).
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

/** Calls `onLine` with each whole line of `stream`, parsed as JSON first. */
function eachLine(stream, onLine) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      JSON.parse(line);
      onLine(line);
    }
  });
}

eachLine(process.stdin, (line) => server.stdin.write(`${line}\n`));
eachLine(server.stdout, (line) => process.stdout.write(`${line}\n`));
process.stdin.on('end', () => server.stdin.end());
server.on('exit', (code) => process.exit(code ?? 0));
