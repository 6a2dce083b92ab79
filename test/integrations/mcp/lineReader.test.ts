/** MCP's stdio framing: one JSON-RPC message per line, whatever the chunks. */
import { describe, expect, it } from 'vitest';
import { LineReader } from '../../../src/integrations/mcp/lineReader.js';

function read(chunks: Array<string | Buffer>, end = true): string[] {
  const lines: string[] = [];
  const reader = new LineReader((line) => lines.push(line));
  for (const chunk of chunks) reader.push(chunk);
  if (end) reader.end();
  return lines;
}

describe('LineReader', () => {
  it('cuts lines across chunks, drops the \\r of \\r\\n, keeps empty lines and a last line without \\n', () => {
    expect(read(['{"a":', '1}\n{"b"', ':2}\r\n\n', 'tail'])).toEqual(['{"a":1}', '{"b":2}', '', 'tail']);
  });

  it('holds a line until its \\n (or the end) arrives', () => {
    expect(read(['{"a":1}\n{"b"'], false)).toEqual(['{"a":1}']);
  });

  it('joins a UTF-8 character split across two chunks', () => {
    const bytes = Buffer.from('{"t":"21°C ✓"}\n', 'utf8');
    const split = bytes.indexOf(Buffer.from('✓')) + 1;
    expect(read([bytes.subarray(0, split), bytes.subarray(split)])).toEqual(['{"t":"21°C ✓"}']);
  });
});
