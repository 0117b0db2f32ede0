// Every namespace folder keeps the shape CONTRIBUTING's checklist describes: its files, named the
// same way in every namespace, exporting what the checklist says, and a factory that mounts the
// routes.json namespace its folder is named for, route by route in routes.json's order. Each
// departure is listed below with its reason; a rule that changes changes in CONTRIBUTING and here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, type MountableNamespace } from '../src/index.js';
import { ROUTES_NOT_IN_SPEC } from './helpers/peer.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NAMESPACES_DIR = join(ROOT, 'src/namespaces');

/** A namespace folder's names as the checklist forms them: `contact-forms` → `contactForms`, `ContactForms`. */
function names(folder: string): { camel: string; pascal: string } {
  const camel = folder.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return { camel, pascal: camel[0]!.toUpperCase() + camel.slice(1) };
}

/** The names a module's source exports: declarations and export lists, types included. */
function exportedNames(source: string): Set<string> {
  const found = new Set<string>();
  for (const match of source.matchAll(
    /^export (?:declare )?(?:async )?(?:function|const|let|type|interface|class|enum) ([A-Za-z0-9_$]+)/gm,
  ))
    found.add(match[1]!);
  for (const match of source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const entry of match[1]!.split(',')) {
      const name = entry
        .trim()
        .replace(/^type /, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name !== '') found.add(name);
    }
  }
  return found;
}

/** The checklist's files and, for each, the exports it names. */
function checklist(folder: string): Record<string, string[]> {
  const { camel, pascal } = names(folder);
  return {
    'routes.ts': [`${camel}Routes`, `${pascal}HandlerName`],
    'errors.ts': [],
    'storage.ts': [`${pascal}Storage`, `${camel}StorageGroups`],
    'site-store.ts': [`${camel}StorageOn`],
    'handlers.ts': [`${camel}Handlers`],
    'index.ts': [`${pascal}Options`, `${camel}Options`, camel],
  };
}

/** A file of the checklist a namespace does without or in another shape, and why. */
interface Departure {
  /** What it has instead (another file, a folder), or null for nothing. */
  instead: { file: string; exports: string[] } | null;
  /** Why, as CONTRIBUTING says it. */
  why: string;
}

/** Each departure from the checklist, by namespace folder and file. */
const DEPARTURES: Record<string, Record<string, Departure>> = {
  'core-posts': {
    'storage.ts': {
      instead: { file: 'storage.ts', exports: ['PostsStorage', 'postsStorageGroups'] },
      why: "its storage is the site's posts, which oEmbed reads too, so it is named for what it holds",
    },
    'site-store.ts': {
      instead: { file: 'site-store.ts', exports: ['postsStorageOn'] },
      why: 'the posts storage on the site store, shared with oEmbed, named as its storage is',
    },
  },
  oembed: {
    'storage.ts': {
      instead: { file: 'storage.ts', exports: ['OembedStorage'] },
      why: "its storage is core posts' (grouped by postsStorageGroups) plus authorOf, so it has no groups of its own",
    },
    'site-store.ts': {
      instead: null,
      why: "it keeps no data of its own: it reads the site's posts through core posts' postsStorageOn",
    },
  },
  'blocksuite-design-library': {
    'routes.ts': {
      instead: { file: 'routes/index.ts', exports: ['blocksuiteDesignLibraryRouteOrder'] },
      why: 'split into route groups: routes/<group>.ts, with the plugin’s route order and the shared args in routes/index.ts',
    },
    'handlers.ts': {
      instead: { file: 'handlers', exports: [] },
      why: 'split into route groups: handlers/<group>.ts beside routes/<group>.ts',
    },
  },
  'blocksuite-maillist': {
    'storage.ts': {
      instead: null,
      why: 'it keeps no data: the MailerLite key comes with each request, and its one service is declared in services.ts',
    },
    'site-store.ts': {
      instead: null,
      why: 'it keeps no data: the MailerLite key comes with each request, so nothing is kept on the site store',
    },
  },
  'core-abilities': {
    'storage.ts': {
      instead: null,
      why: 'it keeps no data: its abilities live in the server’s registry, and each runs with the site store in its context',
    },
    'site-store.ts': {
      instead: null,
      why: 'it keeps no data: the core abilities read the site store (options, users) through the context every ability runs with',
    },
  },
  'seo-a': {
    'routes.ts': {
      instead: { file: 'routes/index.ts', exports: ['seoARouteOrder'] },
      why: 'split into route groups: routes/<group>.ts, with the plugin’s route order in routes/index.ts',
    },
    'handlers.ts': {
      instead: { file: 'handlers', exports: [] },
      why: 'split into route groups: handlers/<group>.ts beside routes/<group>.ts',
    },
  },
  'seo-b': {
    'routes.ts': {
      instead: { file: 'routes/index.ts', exports: ['seoBRouteOrder'] },
      why: 'split into route groups: routes/<group>.ts, with the plugin’s route order in routes/index.ts',
    },
    'handlers.ts': {
      instead: { file: 'handlers', exports: [] },
      why: 'split into route groups: handlers/<group>.ts beside routes/<group>.ts',
    },
  },
  'site-insights': {
    'routes.ts': {
      instead: { file: 'routes/index.ts', exports: ['siteInsightsRouteOrder'] },
      why: 'split into route groups: routes/<group>.ts, with the plugin’s route order in routes/index.ts',
    },
    'handlers.ts': {
      instead: { file: 'handlers', exports: [] },
      why: 'split into route groups: handlers/<group>.ts beside routes/<group>.ts',
    },
  },
};

/** Namespaces that reach an outside service another way than a declaration in `services.ts`, and why. */
const UNDECLARED_SERVICES: Record<string, string> = {
  'page-cache':
    "its service is the host's page cache, whose default is the in-process cache, so it is never unconfigured; it is called through callHostService's limits alone",
};

/** The source of every module of a namespace folder, subfolders included. */
function sources(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) found.set(path.slice(NAMESPACES_DIR.length + 1), readFileSync(path, 'utf8'));
    }
  };
  walk(join(NAMESPACES_DIR, folder));
  return found;
}

/** The namespace folders under src/namespaces. */
const FOLDERS = readdirSync(NAMESPACES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** routes.json: each route with its namespace, in the index's order. */
const ROUTES = (
  JSON.parse(readFileSync(join(ROOT, 'test/fixtures/routes.json'), 'utf8')) as { routes: { route: string; namespace: string }[] }
).routes;

/** The namespace string a folder stands for: routes.json's namespace whose name, less its version, is the folder's. */
function namespaceOf(folder: string): string | undefined {
  const spaces = new Set(ROUTES.map((route) => route.namespace));
  const aliases: Record<string, string> = { 'core-posts': 'core' };
  const base = aliases[folder] ?? folder;
  return [...spaces].find((space) => space.slice(0, space.lastIndexOf('/')) === base);
}

describe('every namespace folder keeps the checklist', () => {
  it('finds the namespaces', () => {
    expect(FOLDERS.length).toBeGreaterThanOrEqual(9);
  });

  it('lists departures only for files the checklist names, in folders that exist', () => {
    for (const [folder, files] of Object.entries(DEPARTURES)) {
      expect(FOLDERS, folder).toContain(folder);
      for (const [file, departure] of Object.entries(files)) {
        expect(Object.keys(checklist(folder)), `${folder}/${file}`).toContain(file);
        expect(departure.why.length, `${folder}/${file}`).toBeGreaterThan(20);
      }
    }
  });

  describe.each(FOLDERS)('%s', (folder) => {
    it('has the checklist’s files, exporting the checklist’s names (or its listed departures)', () => {
      const problems: string[] = [];
      for (const [file, wanted] of Object.entries(checklist(folder))) {
        const departure = DEPARTURES[folder]?.[file];
        if (departure?.instead === null) {
          if (existsSync(join(NAMESPACES_DIR, folder, file))) problems.push(`${file}: listed as left out, but present`);
          continue;
        }
        const path = join(NAMESPACES_DIR, folder, departure?.instead.file ?? file);
        if (!existsSync(path)) {
          problems.push(`${departure?.instead.file ?? file}: missing`);
          continue;
        }
        if (!path.endsWith('.ts')) continue;
        const exported = exportedNames(readFileSync(path, 'utf8'));
        for (const name of departure?.instead.exports ?? wanted) if (!exported.has(name)) problems.push(`${file}: no export ${name}`);
      }
      expect(problems).toEqual([]);
    });

    it('declares each outside service it calls in services.ts, bound with bindService', () => {
      const modules = sources(folder);
      const calls = [...modules].filter(([, text]) => /\b(?:bindService|callHostService)\(/.test(text)).map(([path]) => path);
      if (calls.length === 0) return;
      if (Object.hasOwn(UNDECLARED_SERVICES, folder)) {
        expect(modules.has(`${folder}/services.ts`) && modules.get(`${folder}/services.ts`)!.includes('ServiceDeclaration<')).toBe(false);
        return;
      }
      const declarations = modules.get(`${folder}/services.ts`) ?? '';
      expect(declarations, `${folder}/services.ts declares its services`).toMatch(/: ServiceDeclaration</);
      expect(
        calls.filter((path) => modules.get(path)!.includes('callHostService(')),
        'calls past the declaration',
      ).toEqual([]);
    });

    it('mounts routes.json’s namespace of its name, every route in routes.json’s order', async () => {
      const { camel } = names(folder);
      const module = (await import(`../src/namespaces/${folder}/index.ts`)) as Record<string, unknown>;
      const factory = module[camel] as (options?: object) => MountableNamespace;
      expect(typeof factory).toBe('function');
      const namespace = namespaceOf(folder);
      expect(namespace, 'a routes.json namespace named for the folder').toBeDefined();
      const rest = createRestServer({
        site: { name: 'Convention', url: 'http://convention.test' },
        store: memoryStore(),
        namespaces: [factory()],
      });
      const index = (await rest.inject({ path: `/${namespace}` })).data as { routes: Record<string, unknown> };
      const expected = [
        ...ROUTES.filter((route) => route.namespace === namespace).map((route) => route.route),
        ...(ROUTES_NOT_IN_SPEC[namespace!] ?? []),
      ];
      expect(Object.keys(index.routes)).toEqual(expected);
    });
  });
});
