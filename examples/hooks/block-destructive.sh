#!/bin/sh
# block-destructive.sh — refuse destructive shell commands, and commands that touch secret files,
# before they run.
#
# Event:   BeforeTool            (Claude Code: PreToolUse)
# Matcher: run_shell_command     (Claude Code: Bash)
#
# How it answers (the hook protocol):
#   exit 0, no output  -> allow: the command runs.
#   exit 2 + stderr    -> block: the command never runs, and the model receives the stderr text
#                         as the tool's result, so it can explain or try something safer.
#   any other exit     -> the hook itself failed: hookrail warns and lets the command run
#                         (fail-open) — so keep this script simple and robust.
#
# stdin is one JSON object: {"session_id", "cwd", "hook_event_name": "BeforeTool", "timestamp",
# "transcript_path", "tool_name": "run_shell_command", "tool_input": {"command": "..."}}.
#
# Plain POSIX sh, no jq: the patterns are matched against the whole JSON input. That is
# deliberately conservative — a pattern anywhere in the input blocks — which is the right
# direction to err in for a guard. Add or remove rules below.

input=$(cat)

# Print the reason on stderr and exit 2: the call is blocked and the model sees the reason.
block() {
  printf 'Blocked by block-destructive.sh: %s. Command refused, nothing was run. Ask the user to run it themselves if it is really needed.\n' "$1" >&2
  exit 2
}

matches() {
  printf '%s' "$input" | grep -Eq -- "$1"
}

# rm with a recursive flag in any spelling: rm -rf, rm -fr, rm -r -f, rm -R, rm --recursive
matches '(^|[^[:alnum:]_-])rm[[:space:]]+(-[[:alnum:]-]+[[:space:]]+)*-([[:alpha:]]*[rR]|-recursive)' &&
  block 'recursive delete (rm -r / rm -rf)'
matches 'git[[:space:]]+reset[[:space:]]+--hard' && block 'git reset --hard discards uncommitted work'
matches 'git[[:space:]]+clean[[:space:]]+-[[:alpha:]]*f' && block 'git clean -f deletes untracked files'
matches 'git[[:space:]]+push.*[[:space:]](--force|-f)([[:space:]]|"|$)' && block 'force push rewrites shared history'
matches '(^|[^[:alnum:]_])mkfs' && block 'mkfs formats a file system'
matches '(^|[^[:alnum:]_])dd[[:space:]].*of=/dev/' && block 'dd onto a device overwrites it'
matches ':\(\)[[:space:]]*\{' && block 'fork bomb'

# Secret files: a command that reads, copies or sends one puts the secret in the transcript or elsewhere.
# .env and .env.<anything> except the committed templates (.env.example, .env.sample, .env.template).
printf '%s' "$input" | sed -E 's/\.env\.(example|sample|template)([^[:alnum:]_.-]|$)/\2/g' |
  grep -Eq -- '(^|[^[:alnum:]_.-])\.env(\.[[:alnum:]_-]+)?([^[:alnum:]_.-]|$)' &&
  block 'the command touches a .env file (secrets)'
matches '(^|[^[:alnum:]_.-])id_(rsa|dsa|ecdsa|ed25519)([^[:alnum:]_.-]|$)' && block 'the command touches an SSH private key'
matches '\.(pem|p12|pfx|key)([^[:alnum:]_.-]|$)' && block 'the command touches a private key or certificate file'
matches '\.aws/credentials|\.netrc|\.npmrc|\.pgpass' && block 'the command touches a credentials file'

exit 0
