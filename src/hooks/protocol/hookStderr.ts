/**
 * How much of a hook's stderr reaches the model. Claude Code passes an exit-2 hook's stderr to the
 * model as the reason (HOOK-066), and a failed hook's stderr becomes `Warning: <stderr>` (HOOK-209);
 * the runner captures up to 1 MiB of it. Only the head goes into the model's context, with a note
 * saying how much was cut; the whole capture stays in the result's `stderr` and in the logs.
 */

/**
 * Characters of a hook's stderr the model receives as an exit-2 reason, a failed hook's warning or
 * (Claude Code PostToolUse) feedback: 10,000, the size of hook output Claude Code puts inline.
 */
export const MAX_STDERR_MESSAGE_CHARACTERS = 10_000;

/**
 * HOOK-066, HOOK-209: `text` (a hook's trimmed stderr) cut to {@link MAX_STDERR_MESSAGE_CHARACTERS},
 * then `… [N more characters cut]`; `droppedBytes` (what the capture cap already dropped) is counted
 * in the note too. A text that fits, with nothing dropped, is returned unchanged.
 */
export function boundedStderrMessage(text: string, droppedBytes = 0): string {
  const dropped = droppedBytes > 0 ? `${droppedBytes} bytes past the capture cap` : '';
  if (text.length <= MAX_STDERR_MESSAGE_CHARACTERS) return dropped ? `${text}… [${dropped} cut]` : text;
  let end = MAX_STDERR_MESSAGE_CHARACTERS;
  // Never end on the first half of a surrogate pair: the model would get a broken character.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const cut = `${text.length - end} more characters`;
  return `${text.slice(0, end)}… [${dropped ? `${cut} and ${dropped}` : cut} cut]`;
}
