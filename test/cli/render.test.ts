/**
 * The renderer keeps a terminal readable when a warning arrives while a tool call's progress line is
 * still growing on stdout (a hook fails during the call): the warning goes on a line of its own and the
 * progress line is shown again. Piped streams are left exactly as written.
 */
import { describe, expect, it } from 'vitest';
import { Renderer } from '../../src/cli/render.js';

/** Two sinks writing into one screen, as stdout and stderr do on a terminal. */
function terminal(isTTY: boolean) {
  const screen: string[] = [];
  const stdoutOnly: string[] = [];
  const stderrOnly: string[] = [];
  const stdout = { isTTY, write: (text: string) => (screen.push(text), stdoutOnly.push(text)) };
  const stderr = { isTTY, write: (text: string) => (screen.push(text), stderrOnly.push(text)) };
  return {
    render: new Renderer({ stdout, stderr, color: false }),
    screen: () => screen.join(''),
    stdout: () => stdoutOnly.join(''),
    stderr: () => stderrOnly.join(''),
  };
}

describe('Renderer on a terminal', () => {
  it('a warning during an open progress line goes below it, and the line is shown again to go on growing', () => {
    const { render, screen } = terminal(true);
    render.line('> Clean the build directory.');
    render.write('▸ run_shell_command  beforeHook');
    render.warn('Hook "guard" for BeforeTool failed (fail-open): exit code 1');
    render.write(' → executing → published');
    render.write('\n');
    expect(screen()).toBe(
      '> Clean the build directory.\n' +
        '▸ run_shell_command  beforeHook\n' +
        'warning: Hook "guard" for BeforeTool failed (fail-open): exit code 1\n' +
        '▸ run_shell_command  beforeHook → executing → published\n',
    );
  });

  it('a warning between whole lines, errors and notes: nothing is added', () => {
    const { render, screen } = terminal(true);
    render.line('first');
    render.warn('one');
    render.error('two');
    render.note('three');
    render.line('last');
    expect(screen()).toBe('first\nwarning: one\nhookrail: error: two\nthree\nlast\n');
  });

  it('an error and a note during an open line are moved below it too', () => {
    const { render, screen } = terminal(true);
    render.write('▸ read_file  executing');
    render.error('the model failed');
    render.note('a hint');
    render.line(' → published');
    expect(screen()).toBe(
      '▸ read_file  executing\nhookrail: error: the model failed\n▸ read_file  executing\na hint\n▸ read_file  executing → published\n',
    );
  });
});

describe('Renderer on pipes', () => {
  it('stdout and stderr stay exactly as written: no line is broken or repeated for a warning', () => {
    const { render, stdout, stderr } = terminal(false);
    render.write('▸ run_shell_command  beforeHook');
    render.warn('Hook "guard" failed');
    render.write(' → executing → published\n');
    expect(stdout()).toBe('▸ run_shell_command  beforeHook → executing → published\n');
    expect(stderr()).toBe('warning: Hook "guard" failed\n');
  });
});
