// PGlite data directories made once at build time, so that a store on a new directory does not
// run PostgreSQL's initdb in WebAssembly and its migrations statement by statement (7–9 s of a
// 9–12 s first start on a 2-core machine): `store`, initdb and the migrations of the default
// table prefix, and `demo`, that and the data `site-rest serve` writes on its first start. Each is
// PGlite's own dump of its directory (a tar) compressed with brotli, beside the built modules, one
// per PGlite version: the files are PostgreSQL's, and another PGlite may carry another PostgreSQL.
import {
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/** The templates the build makes. */
type TemplateName = 'store' | 'demo';

/** A template's tar, read only when a database is created from it; undefined when there is none. */
export type TemplateSource = () => Uint8Array | undefined;

/** The folder beside the built modules holding the templates. */
const TEMPLATE_FOLDER = 'store-template';

/** The file PostgreSQL finds in a data directory it has made: written last, so a directory cut short of it is unpacked again. */
const VERSION_FILE = 'PG_VERSION';

const TAR_BLOCK = 512;

/** PostgreSQL's page: a file is written page by page, its pages of zeros left as holes. */
const PAGE = 8192;
const ZERO_PAGE = Buffer.alloc(PAGE);

/**
 * Writes `body` as the file at `path`, leaving its pages of zeros unwritten (a hole reads as
 * zeros): the WAL segment of a template is 16 MiB of them.
 */
function writeSparse(path: string, body: Buffer): void {
  if (body.length <= PAGE) return writeFileSync(path, body);
  const fd = openSync(path, 'w');
  try {
    ftruncateSync(fd, body.length);
    // Each run of pages that are not all zeros in one write.
    let run = -1;
    for (let at = 0; at < body.length; at += PAGE) {
      const page = body.subarray(at, at + PAGE);
      const zeros = page.equals(ZERO_PAGE.subarray(0, page.length));
      if (!zeros && run === -1) run = at;
      if (zeros && run !== -1) {
        writeSync(fd, body, run, at - run, run);
        run = -1;
      }
    }
    if (run !== -1) writeSync(fd, body, run, body.length - run, run);
  } finally {
    closeSync(fd);
  }
}

/** The version of the PGlite package this module loads. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The entry is `<package>/dist/index.cjs`; the package root holds its package.json.
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version?: unknown };
  return String(manifest.version);
}

/** Where template `name` for the installed PGlite lives, inside `folder` (default: beside this module once built). */
function templateFile(name: TemplateName, folder = fileURLToPath(new URL(`./${TEMPLATE_FOLDER}/`, import.meta.url))): string {
  return join(folder, `${name}-pglite-${pgliteVersion()}.tar.br`);
}

/** Template `name` for the installed PGlite, as a source a store reads only when it creates a database. */
export function storeTemplate(name: TemplateName): TemplateSource {
  return () => {
    const file = templateFile(name);
    return existsSync(file) ? brotliDecompressSync(readFileSync(file)) : undefined;
  };
}

/** Saves `tar` (a data directory, {@link packTemplate}) as template `name` for the installed PGlite into `folder`; answers the file's path. */
export function saveTemplate(folder: string, name: TemplateName, tar: Uint8Array): string {
  const file = templateFile(name, folder);
  mkdirSync(dirname(file), { recursive: true });
  // A 16 MiB window spans PostgreSQL's WAL segment of zeros: 40 MB become under 2 MB, in a third of a second.
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
  };
  writeFileSync(file, brotliCompressSync(tar, { params }));
  return file;
}

/** A ustar header for a member: its path inside the directory, size, and whether it is a directory. */
function header(name: string, size: number, directory: boolean, mtime: number): Buffer {
  const head = Buffer.alloc(TAR_BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`site-rest store: template member ${JSON.stringify(name)} has a name over 100 bytes`);
  const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;
  head.write(name, 0);
  head.write(octal(directory ? 0o700 : 0o600, 8), 100);
  head.write(octal(0, 8), 108);
  head.write(octal(0, 8), 116);
  head.write(octal(size, 12), 124);
  head.write(octal(mtime, 12), 136);
  head[156] = directory ? 0x35 : 0x30;
  head.write('ustar\0' + '00', 257);
  // The checksum is the sum of the header's bytes, its own field counted as spaces.
  head.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of head) sum += byte;
  head.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return head;
}

/**
 * A data directory as a tar PGlite's `loadDataDir` reads too: its directories and files, in name
 * order. Made from a database shut down cleanly, a store started from it has no recovery to run
 * and finds PostgreSQL's relation cache files ready, which a dump of a running one has not.
 */
export function packTemplate(dataDir: string): Uint8Array {
  const parts: Buffer[] = [];
  const mtime = Math.floor(Date.now() / 1000);
  const walk = (dir: string, prefix: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const member = `${prefix}${name}`;
      if (statSync(path).isDirectory()) {
        parts.push(header(`${member}/`, 0, true, mtime));
        walk(path, `${member}/`);
      } else {
        const body = readFileSync(path);
        parts.push(header(member, body.length, false, mtime), body, Buffer.alloc((TAR_BLOCK - (body.length % TAR_BLOCK)) % TAR_BLOCK));
      }
    }
  };
  walk(dataDir, '');
  // A tar ends with two blocks of zeros.
  parts.push(Buffer.alloc(2 * TAR_BLOCK));
  return Buffer.concat(parts);
}

/** A NUL-terminated tar header field as text. */
function field(header: Buffer, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** A member's path inside `root`; throws on one that would leave it. */
function memberPath(root: string, name: string): string {
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new Error(`site-rest store: template member ${JSON.stringify(name)} leaves the data directory`);
  return join(root, ...parts);
}

/**
 * Writes a template's files into `dataDir` with Node's own file calls (PGlite's `loadDataDir` goes
 * through its WebAssembly file system, several times slower), PostgreSQL's version file last.
 */
export function unpackTemplate(tar: Uint8Array, dataDir: string): void {
  const root = resolve(dataDir);
  const versionFile = join(root, VERSION_FILE);
  const bytes = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  // Each directory is made once: a thousand files share a few dozen.
  const dirs = new Set<string>();
  const made = (dir: string): void => {
    if (dirs.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    dirs.add(dir);
  };
  let last: Buffer | null = null;
  for (let at = 0; at + TAR_BLOCK <= bytes.length;) {
    const header = bytes.subarray(at, at + TAR_BLOCK);
    if (header[0] === 0) break;
    const prefix = field(header, 345, 155);
    const path = memberPath(root, prefix === '' ? field(header, 0, 100) : `${prefix}/${field(header, 0, 100)}`);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = header[156];
    const body = bytes.subarray(at + TAR_BLOCK, at + TAR_BLOCK + size);
    at += TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
    // '5' a directory; '0' or NUL a file; nothing else is in PGlite's dump.
    if (type === 0x35) made(path);
    else if (type !== 0x30 && type !== 0)
      throw new Error(`site-rest store: template member ${JSON.stringify(path)} is not a file or directory`);
    else if (path === versionFile) last = body;
    else {
      made(dirname(path));
      writeSparse(path, body);
    }
  }
  if (last) writeFileSync(versionFile, last);
}
