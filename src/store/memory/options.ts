import { setOwn } from '../../core/own-property.js';
import type { JsonValue, OptionsTable } from '../types.js';
import { checkName, checkPrefix, copyJson, copyStored } from '../values.js';
import { put, remove, removePrefixed, type MemoryState, type Run } from './state.js';

/** The memory store's options. */
export function optionsTable(state: MemoryState, run: Run): OptionsTable {
  const optionsMap = state.options;
  return {
    get: (name) =>
      run(() => {
        const entry = optionsMap.get(checkName(name, 'option name'));
        return entry === undefined ? undefined : copyStored(entry.value);
      }),
    set: (name, value, autoload) =>
      run(() => {
        checkName(name, 'option name');
        const copy = copyJson(value, 'option value');
        put(state, optionsMap, name, { value: copy, autoload: autoload ?? optionsMap.get(name)?.autoload ?? true });
      }),
    add: (name, value, autoload = true) =>
      run(() => {
        checkName(name, 'option name');
        const copy = copyJson(value, 'option value');
        if (optionsMap.has(name)) return false;
        put(state, optionsMap, name, { value: copy, autoload });
        return true;
      }),
    update: (name, fn) =>
      run(() => {
        checkName(name, 'option name');
        const entry = optionsMap.get(name);
        const next = copyJson(fn(entry === undefined ? undefined : copyStored(entry.value)), 'option value');
        put(state, optionsMap, name, { value: next, autoload: entry?.autoload ?? true });
        return copyStored(next);
      }),
    delete: (name) => run(() => remove(state, optionsMap, checkName(name, 'option name'))),
    deletePrefixed: (prefix) => run(() => removePrefixed(state, optionsMap, checkPrefix(prefix, 'option name'))),
    autoloaded: () =>
      run(() => {
        const all: Record<string, JsonValue> = Object.create(null) as Record<string, JsonValue>;
        for (const [name, entry] of optionsMap) if (entry.autoload) setOwn(all, name, copyStored(entry.value));
        return all;
      }),
  };
}
