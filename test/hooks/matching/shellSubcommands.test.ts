/**
 * The scanner behind `if` conditions on commands: a command line cut into its simple
 * commands, with quotes, substitutions, groups and leading assignments understood.
 */
import { describe, expect, it } from 'vitest';
import { splitSubcommands } from '../../../src/hooks/matching/shellSubcommands.js';

describe('splitSubcommands', () => {
  it('splits at unquoted &&, ||, ;, |, & and newlines', () => {
    expect(splitSubcommands('cd /tmp && rm -rf build')).toEqual(['cd /tmp', 'rm -rf build']);
    expect(splitSubcommands('make clean; rm -rf dist || true')).toEqual(['make clean', 'rm -rf dist', 'true']);
    expect(splitSubcommands('ls | wc -l & sleep 1\necho done')).toEqual(['ls', 'wc -l', 'sleep 1', 'echo done']);
  });

  it('quoted separators stay inside their command', () => {
    expect(splitSubcommands("echo 'a && rm -rf b'")).toEqual(["echo 'a && rm -rf b'"]);
    expect(splitSubcommands('echo "x; y" && ls')).toEqual(['echo "x; y"', 'ls']);
    expect(splitSubcommands('echo a\\;b')).toEqual(['echo a\\;b']);
  });

  it('$(...) and backticks are commands of their own, also inside double quotes', () => {
    expect(splitSubcommands('echo $(rm -rf /)')).toEqual(['rm -rf /', 'echo']);
    expect(splitSubcommands('echo "`rm -rf ~`"')).toEqual(['rm -rf ~', 'echo ""']);
  });

  it('parentheses and { ...; } groups are cut away, and leading VAR=value words removed', () => {
    expect(splitSubcommands('(cd src && rm -rf gen)')).toEqual(['cd src', 'rm -rf gen']);
    expect(splitSubcommands('{ rm -rf a; }')).toEqual(['rm -rf a']);
    expect(splitSubcommands('FOO=1 BAR="a b" rm -rf x')).toEqual(['rm -rf x']);
  });

  it('an unclosed quote or substitution is undefined, so the caller can fail safe', () => {
    expect(splitSubcommands('echo "unterminated')).toBeUndefined();
    expect(splitSubcommands("echo 'unterminated")).toBeUndefined();
    expect(splitSubcommands('echo $(date')).toBeUndefined();
    expect(splitSubcommands('echo `date')).toBeUndefined();
  });
});
