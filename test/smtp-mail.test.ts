// Mail that is really sent: contact-form submissions through `smtpMail` to an SMTP server the
// test starts on loopback, and the demo's console printing when `serve` has no `--smtp`.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeFlags } from '../src/cli/serve.js';
import { contactForms, createRestServer, seedContactForms, type RestServer, type RestUser } from '../src/index.js';
import { smtpMail, type SmtpMailOptions } from '../src/node.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NS = '/contact-forms/v1';
const editor: RestUser = { id: 2, username: 'editor', can: (cap) => ['read', 'edit_posts', 'publish_pages'].includes(cap) };

/** A mail as the SMTP server received it. */
interface Received {
  from: string;
  to: string[];
  /** Header names lower-cased, each with its values in order, folded lines unfolded. */
  headers: Map<string, string[]>;
  body: string;
}

/** A header value with its MIME encoded-words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replaceAll('_', ' ').replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Splits a raw message into its unfolded, decoded headers and its body. */
function parseMessage(raw: string): { headers: Map<string, string[]>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string[]>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  return { headers, body: raw.slice(split + 4) };
}

/** An SMTP server on 127.0.0.1 that keeps every mail it accepts. */
async function startSmtpServer(): Promise<{ port: number; inbox: Received[]; close: () => Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        inbox.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((rcpt) => rcpt.address),
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A TCP server that accepts connections and never says a word, as a hung SMTP server. */
async function startSilentServer(): Promise<{ port: number; server: TcpServer; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createTcpServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server, sockets };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server whose form 1 is CF7's sample, mailing through `smtpMail(url, options)`. */
async function formsServer(url: string, options: SmtpMailOptions = {}): Promise<RestServer> {
  const rest = createRestServer({
    site: { name: 'Forms Site', url: 'http://forms.test' },
    namespaces: [contactForms({ adminEmail: 'admin@forms.test', storage: { sendMail: smtpMail(url, options) } })],
    onError: () => {},
  });
  await seedContactForms(rest.store);
  return rest;
}

/** Submits CF7's sample form 1 through `inject`, as a browser's FormData would. */
async function submit(rest: RestServer, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ _wpcf7_unit_tag: 'wpcf7-f1-o1', ...fields })) form.append(name, value);
  const request = new Request('http://forms.test/', { method: 'POST', body: form });
  const answer = await rest.inject({
    method: 'POST',
    path: `${NS}/contact-forms/1/feedback`,
    body: await request.text(),
    headers: { 'Content-Type': request.headers.get('content-type')!, 'User-Agent': 'vitest' },
  });
  return answer.data as { status: string; message: string };
}

/** CF7's sample mail template, which a PUT of `mail` replaces as a whole. */
const SAMPLE_MAIL = {
  subject: '[_site_title] "[your-subject]"',
  sender: '[_site_title] <[_site_admin_email]>',
  recipient: '[_site_admin_email]',
  body: 'From: [your-name] <[your-email]>\nSubject: [your-subject]\n\nMessage Body:\n[your-message]',
  additional_headers: 'Reply-To: [your-email]',
};

/** Gives form 1 CF7's sample mail template with `changes`, as an editor. */
async function setMail(rest: RestServer, changes: Record<string, unknown>): Promise<void> {
  const update = await rest.inject({
    method: 'PUT',
    path: `${NS}/contact-forms/1`,
    body: { mail: { ...SAMPLE_MAIL, ...changes } },
    user: editor,
  });
  expect(update.status).toBe(200);
}

const SAMPLE = {
  'your-name': 'Ana',
  'your-email': 'ana@example.com',
  'your-subject': 'Hello',
  'your-message': 'Is the shop open on Sunday?',
};

describe('smtpMail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers a contact-form mail with the headers CF7 sets (From, To, Subject, Reply-To, Content-Type)', async () => {
    const rest = await formsServer(`smtp://127.0.0.1:${smtp.port}`);
    const before = smtp.inbox.length;
    const feedback = await submit(rest, SAMPLE);
    expect(feedback).toMatchObject({ status: 'mail_sent', message: 'Thank you for your message. It has been sent.' });
    expect(smtp.inbox.length).toBe(before + 1);
    const mail = smtp.inbox.at(-1)!;
    expect(mail.from).toBe('admin@forms.test');
    expect(mail.to).toEqual(['admin@forms.test']);
    expect(mail.headers.get('from')).toEqual(['Forms Site <admin@forms.test>']);
    expect(mail.headers.get('to')).toEqual(['admin@forms.test']);
    expect(mail.headers.get('subject')).toEqual(['Forms Site "Hello"']);
    expect(mail.headers.get('reply-to')).toEqual(['ana@example.com']);
    expect(mail.headers.get('content-type')?.[0]).toMatch(/^text\/plain; charset=utf-8$/i);
    // CF7's own marker is read and dropped by its phpmailer_init hook: it never leaves the site.
    expect(mail.headers.has('x-wpcf7-content-type')).toBe(false);
    expect(mail.body).toContain('From: Ana <ana@example.com>');
    expect(mail.body).toContain('Is the shop open on Sunday?');
  });

  it('sends an HTML template as text/html', async () => {
    const rest = await formsServer(`smtp://127.0.0.1:${smtp.port}`);
    await setMail(rest, { use_html: true, body: '<p>[your-message]</p>' });
    expect((await submit(rest, { ...SAMPLE, 'your-message': 'a < b' })).status).toBe('mail_sent');
    const mail = smtp.inbox.at(-1)!;
    expect(mail.headers.get('content-type')?.[0]).toMatch(/^text\/html; charset=utf-8$/i);
    expect(mail.body).toContain('<p>a &lt; b</p>');
  });

  it('lets no CR or LF in a submitted name or subject add a header or a recipient', async () => {
    const rest = await formsServer(`smtp://127.0.0.1:${smtp.port}`);
    await setMail(rest, {
      sender: '[your-name] <site@forms.test>',
      subject: '[your-subject]',
      recipient: 'team@forms.test',
      additional_headers: 'Reply-To: [your-email]\nX-Visitor: [your-name]',
    });
    const feedback = await submit(rest, {
      ...SAMPLE,
      'your-name': 'Ana\r\nBcc: spy@evil.test',
      'your-subject': 'Hi\nX-Injected: yes\r\nCc: spy2@evil.test',
    });
    expect(feedback.status).toBe('mail_sent');
    const mail = smtp.inbox.at(-1)!;
    expect(mail.to).toEqual(['team@forms.test']);
    expect([...mail.headers.keys()].filter((name) => ['bcc', 'cc', 'x-injected'].includes(name))).toEqual([]);
    expect(mail.headers.get('subject')).toEqual(['HiX-Injected: yesCc: spy2@evil.test']);
    expect(mail.headers.get('x-visitor')).toEqual(['AnaBcc: spy@evil.test']);
  });

  it('answers mail_failed when nothing listens on the SMTP port', async () => {
    const errors: Error[] = [];
    const rest = await formsServer(`smtp://127.0.0.1:${await closedPort()}`, { onError: (error) => errors.push(error) });
    const feedback = await submit(rest, SAMPLE);
    expect(feedback).toMatchObject({
      status: 'mail_failed',
      message: 'There was an error trying to send your message. Please try again later.',
    });
    expect(errors.map((error) => error.message).join()).toMatch(/ECONNREFUSED/);
  });

  it('answers mail_failed within its timeout when the server never answers', async () => {
    const silent = await startSilentServer();
    try {
      const errors: Error[] = [];
      const rest = await formsServer(`smtp://127.0.0.1:${silent.port}`, { timeoutMs: 300, onError: (error) => errors.push(error) });
      const started = Date.now();
      expect((await submit(rest, SAMPLE)).status).toBe('mail_failed');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(silent.sockets.length).toBe(1);
      expect(errors).toHaveLength(1);
    } finally {
      for (const socket of silent.sockets) socket.destroy();
      silent.server.close();
    }
  });

  it('answers mail_failed without connecting when the mail is over maxBytes', async () => {
    const before = smtp.inbox.length;
    const errors: Error[] = [];
    const rest = await formsServer(`smtp://127.0.0.1:${smtp.port}`, { maxBytes: 200, onError: (error) => errors.push(error) });
    expect((await submit(rest, { ...SAMPLE, 'your-message': 'x'.repeat(500) })).status).toBe('mail_failed');
    expect(smtp.inbox.length).toBe(before);
    expect(errors[0]!.message).toMatch(/maxBytes \(200\)/);
  });

  it('refuses a URL that is not smtp:// or smtps:// without repeating it, and bad options by name', () => {
    expect(() => smtpMail('https://user:hunter2@mail.example.com')).toThrow(/smtpMail url must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => smtpMail('https://user:hunter2@mail.example.com')).not.toThrow(/hunter2/);
    expect(() => smtpMail('smtp://mail.example.com', { timeoutMs: 0 })).toThrow(/smtpMail options\.timeoutMs must be at least 1/);
    expect(() => smtpMail('smtp://mail.example.com', { retries: 3 } as SmtpMailOptions)).toThrow(/unknown option "retries"/);
  });
});

/** `node dist/cli.js serve …`, resolved once it has printed its start-up lines. */
async function startDemo(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['dist/cli.js', 'serve', '--memory', ...args], {
    cwd: ROOT,
    env: { ...process.env, SITE_REST_APP_PASSWORDS: '' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo printed no URL in 10 s: ${output}`)), 10_000);
    child.stdout.on('data', () => {
      const found = /serving (http:\/\/\S+?)\/index\.php\?rest_route=\//.exec(output);
      if (found && output.includes('subscriber')) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`the demo exited with ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}

/** Waits until the demo has printed `text`. */
async function printed(demo: { child: ChildProcessWithoutNullStreams; output: () => string }, text: string): Promise<string> {
  for (let waited = 0; !demo.output().includes(text); waited += 50) {
    if (waited > 10_000) throw new Error(`the demo did not print ${JSON.stringify(text)}: ${demo.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return demo.output();
}

describe('site-rest serve without --smtp', () => {
  it('prints each mail (From, To, Subject, headers, body), redacting credential-named headers and terminal controls', async () => {
    const password = 'Ux4k-Wq9T-bN2r-Hm7s-Jc5v-Zp8L';
    const demo = await startDemo(['--variant', 'B', '--port', '0', '--app-password', `admin:${password}`]);
    try {
      expect(demo.output()).toContain('mail: printed here, not sent');
      const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
      const update = await fetch(`${demo.url}/index.php?rest_route=${NS}/contact-forms/1`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: auth },
        body: JSON.stringify({ mail: { ...SAMPLE_MAIL, additional_headers: 'Reply-To: [your-email]\nX-Auth-Token: s3cret-value' } }),
      });
      expect(update.status).toBe(200);
      const form = new FormData();
      for (const [name, value] of Object.entries({
        _wpcf7_unit_tag: 'wpcf7-f1-o1',
        ...SAMPLE,
        'your-message': 'Open \u001b[2Jon Sunday?',
      })) {
        form.append(name, value);
      }
      const answer = await fetch(`${demo.url}/index.php?rest_route=${NS}/contact-forms/1/feedback`, { method: 'POST', body: form });
      expect(((await answer.json()) as { status: string }).status).toBe('mail_sent');
      const output = await printed(demo, '--- end of mail ---');
      const block = output.slice(output.indexOf('--- mail'));
      expect(block).toContain('From: Example Site <wordpress@127.0.0.1>\nTo: wordpress@127.0.0.1\nSubject: Example Site "Hello"\n');
      expect(block).toContain('Reply-To: ana@example.com\nX-Auth-Token: [redacted]\nContent-Type: text/plain; charset=UTF-8\n\n');
      expect(block).toContain('From: Ana <ana@example.com>');
      expect(block).toContain('Open \uFFFD[2Jon Sunday?');
      expect(output).not.toContain('s3cret-value');
      expect(output).not.toContain('\u001b');
    } finally {
      demo.child.kill();
    }
  });

  it('names the SMTP server it sends through, never the password, and refuses a URL that is not smtp://', async () => {
    const demo = await startDemo(['--variant', 'B', '--port', '0', '--smtp', 'smtp://mailer:hunter2@127.0.0.1:2525']);
    try {
      expect(demo.output()).toContain('mail: sent through smtp://127.0.0.1:2525');
      expect(demo.output()).not.toContain('hunter2');
    } finally {
      demo.child.kill();
    }
    expect(() => parseServeFlags(['--smtp', 'https://mail.example.com'])).toThrow(/--smtp must be an smtp:\/\/ or smtps:\/\/ URL/);
  });
});
