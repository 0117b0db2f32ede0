/** One `name: value` line of a form's additional settings, with `on`/`true`/`off`/`false` as booleans. */
type Setting = [name: string, value: string | boolean];

// [\s\S] rather than `.`: PHP's `.` also takes the \r of CRLF lines, which trim() then drops.
const SETTING_LINE = /^([a-zA-Z0-9_]+)[\t ]*:([\s\S]*)$/;

/** The settings of each line that holds one, keyed by line number (CF7 keeps the lines' positions). */
function settingsByLine(content: string): Map<number, Setting> {
  const settings = new Map<number, Setting>();
  content.split('\n').forEach((line, index) => {
    const match = SETTING_LINE.exec(line);
    if (!match) return;
    const raw = match[2]!.trim();
    const value = raw === 'on' || raw === 'true' ? true : raw === 'off' || raw === 'false' ? false : raw;
    settings.set(index, [match[1]!.trim(), value]);
  });
  return settings;
}

/**
 * The `settings` CF7's REST API shows: its `array_filter` keeps line numbers as keys, so PHP
 * encodes a list only when every line held a setting, and an object keyed by line otherwise.
 */
export function settingsForRest(content: string): Setting[] | Record<string, Setting> {
  const settings = settingsByLine(content);
  const lines = [...settings.keys()];
  if (lines.every((line, position) => line === position)) return [...settings.values()];
  return Object.fromEntries([...settings].map(([line, setting]) => [String(line), setting]));
}

/** CF7's `pref()`: the first value of a setting, unconverted, or undefined. */
function settingValue(content: string, name: string): string | undefined {
  for (const line of content.split('\n')) {
    const match = SETTING_LINE.exec(line);
    if (match && match[1] === name) return match[2]!.trim();
  }
  return undefined;
}

/** CF7's `is_true()`: the setting is `on`, `true` or `1`. */
export function settingIsTrue(content: string, name: string): boolean {
  const value = settingValue(content, name);
  return value === 'on' || value === 'true' || value === '1';
}
