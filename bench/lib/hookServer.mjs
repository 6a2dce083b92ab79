// A hook server for bench/hook-types.bench.mjs, run as its own process (as a real hook service would be):
// answers every POST like deny-env.sh: deny when the body names a path ending in ".env", else an empty 200.
// Prints its port on stdout once listening. Not a benchmark itself (bench/run.mjs only runs *.bench.mjs).
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (body.includes('.env"')) response.end('{"decision":"deny","reason":".env is off limits"}');
    else response.end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
