import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler } from '../src/adapters/node.js';
import { createRestServer, memoryStore, variantB, type RestServer, type RestUser, type SiteStore } from '../src/index.js';
import { contactForms, seedContactForms, type ContactFormsOptions, type MailMessage } from '../src/namespaces/contact-forms/index.js';
import { loggedSubmissions, type LoggedSubmission } from './helpers/flamingo-log.js';
import { FIXTURES } from './helpers/peer.js';

const NS = '/contact-forms/v1';

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, 'contact-forms', name), 'utf8')) as T;
}

const SURVEY = fixture<Record<string, unknown>>('survey-form.json');
const SURVEY_SCHEMA = fixture<{ rules: Array<Record<string, unknown>> }>('survey-schema.json');
const QUIZ_FORM = fixture<Record<string, unknown>>('quiz-form.json');
const OPEN_FORM = fixture<Record<string, unknown>>('open-form.json');
const VALID_SUBMISSION = fixture<Record<string, string | string[]>>('survey-valid-submission.json');

const editor: RestUser = { id: 2, username: 'editor', can: (cap) => ['read', 'edit_posts', 'publish_pages'].includes(cap) };
const author: RestUser = { id: 3, username: 'author', can: (cap) => ['read', 'edit_posts'].includes(cap) };
const subscriber: RestUser = { id: 4, username: 'subscriber', can: (cap) => cap === 'read' };

/** What a test can look into: the mails handed to `sendMail` and the submissions logged in the site store. */
interface Sent {
  outbox: MailMessage[];
  submissions: () => Promise<LoggedSubmission[]>;
}

/** A server over a fresh memory site store, seeded with CF7's "Contact form 1" (form 1) unless told; mail goes to `outbox` unless the options send it. */
async function serverWithStore(
  sample = true,
  options: ContactFormsOptions = {},
): Promise<{ rest: RestServer; store: Sent; site: SiteStore }> {
  const site = memoryStore();
  if (sample) await seedContactForms(site);
  const outbox: MailMessage[] = [];
  const sendMail = async (message: MailMessage) => (outbox.push(message), true);
  const rest = createRestServer({
    site: { name: 'Forms Site', url: 'http://forms.test' },
    store: site,
    namespaces: [contactForms({ ...options, storage: { sendMail, ...options.storage } })],
    onError: () => {},
  });
  return { rest, store: { outbox, submissions: () => loggedSubmissions(site) }, site };
}

async function server(options: ContactFormsOptions = {}): Promise<RestServer> {
  return (await serverWithStore(true, options)).rest;
}

/** A multipart/form-data body as a browser's FormData sends it, ready for `inject`. */
async function multipart(fields: Record<string, string | string[]>): Promise<{ body: string; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
  const request = new Request('http://forms.test/', { method: 'POST', body: form });
  return { body: await request.text(), contentType: request.headers.get('content-type')! };
}

async function submit(rest: RestServer, id: number, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const { body, contentType } = await multipart(fields);
  return rest.inject({
    method: 'POST',
    path: `${NS}/contact-forms/${id}/feedback`,
    body,
    headers: { 'Content-Type': contentType, 'User-Agent': 'vitest', ...headers },
  });
}

async function createSurvey(rest: RestServer): Promise<number> {
  const created = await rest.inject({ method: 'POST', path: `${NS}/contact-forms`, body: SURVEY, user: editor });
  expect(created.status).toBe(200);
  return (created.data as { id: number }).id;
}

type Feedback = {
  contact_form_id: number;
  status: string;
  message: string;
  posted_data_hash: string;
  into: string;
  invalid_fields: Array<{ field: string; message: string; idref: string | null; error_id: string }>;
  quiz?: Record<string, [string, string]>;
};

describe('contact-forms/v1 in the index', () => {
  it('lists exactly the contact-forms routes of routes.json, with their methods and empty args', async () => {
    const spec = JSON.parse(readFileSync(join(FIXTURES, 'routes.json'), 'utf8')) as {
      routes: Array<{ route: string; namespace: string; endpoints: Array<{ methods: string[]; args: unknown }> }>;
    };
    const wanted = spec.routes.filter((route) => route.namespace === 'contact-forms/v1');
    const answer = await (await server()).inject({ path: NS });
    const routes = (
      answer.data as {
        routes: Record<string, { namespace: string; methods: string[]; endpoints: Array<{ methods: string[]; args: unknown }> }>;
      }
    ).routes;
    expect(Object.keys(routes)).toEqual(wanted.map((route) => route.route));
    for (const route of wanted) {
      const got = routes[route.route]!;
      expect(got.namespace).toBe('contact-forms/v1');
      expect(got.methods).toEqual([...new Set(route.endpoints.flatMap((endpoint) => endpoint.methods))]);
      expect(got.endpoints.map(({ methods, args }) => ({ methods, args }))).toEqual(
        route.endpoints.map(({ methods, args }) => ({ methods, args })),
      );
    }
  });
});

describe('managing contact forms', () => {
  it('creates, reads back, lists, updates and deletes a form, then answers 404 for it', async () => {
    const rest = await server();
    const created = await rest.inject({
      method: 'POST',
      path: `${NS}/contact-forms`,
      body: { title: 'Support <b>desk</b>', additional_settings: 'demo_mode: on' },
      user: editor,
    });
    expect(created.status).toBe(200);
    const form = created.data as {
      id: number;
      slug: string;
      title: string;
      locale: string;
      properties: Record<string, unknown>;
      config_errors: unknown;
    };
    expect(form).toMatchObject({ id: 2, slug: 'support-desk', title: 'Support desk', locale: 'en_US', config_errors: [] });
    expect(form.properties.form).toMatchObject({
      fields: expect.arrayContaining([expect.objectContaining({ type: 'text*', basetype: 'text', name: 'your-name' })]),
    });
    expect(form.properties.additional_settings).toEqual({ content: 'demo_mode: on', settings: [['demo_mode', true]] });
    expect((form.properties.mail as { active: boolean }).active).toBe(true);

    const read = await rest.inject({ path: `${NS}/contact-forms/2`, user: editor });
    expect(read.data).toEqual({ id: 2, slug: 'support-desk', title: 'Support desk', locale: 'en_US', properties: form.properties });

    const list = await rest.inject({ path: `${NS}/contact-forms`, user: author });
    const summaries = list.data as Array<{ id: number; hash: string; slug: string; title: string; locale: string }>;
    expect(summaries.map((summary) => summary.title)).toEqual(['Contact form 1', 'Support desk']);
    expect(summaries[1]).toMatchObject({ id: 2, slug: 'support-desk', locale: 'en_US' });
    expect(summaries[1]!.hash).toMatch(/^[0-9a-f]{7}$/);

    const updated = await rest.inject({
      method: 'PATCH',
      path: `${NS}/contact-forms/2`,
      body: { title: 'Help desk', locale: 'not a locale' },
      user: editor,
    });
    expect(updated.data).toMatchObject({ id: 2, slug: 'support-desk', title: 'Help desk', locale: 'en_US', config_errors: [] });

    const deleted = await rest.inject({ method: 'DELETE', path: `${NS}/contact-forms/2`, user: editor });
    expect(deleted.data).toEqual({ deleted: true });
    const gone = await rest.inject({ path: `${NS}/contact-forms/2`, user: editor });
    expect(gone.status).toBe(404);
    expect(gone.data).toEqual({ code: 'wpcf7_not_found', message: 'The requested contact form was not found.', data: { status: 404 } });
  });

  it('refuses anonymous callers with 401 and users without the capability with 403 wpcf7_forbidden', async () => {
    const rest = await server();
    const anonymous = await rest.inject({ path: `${NS}/contact-forms` });
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toEqual({
      code: 'wpcf7_forbidden',
      message: 'You are not allowed to access contact forms.',
      data: { status: 401 },
    });
    const reading = await rest.inject({ path: `${NS}/contact-forms/1`, user: author });
    expect(reading.status).toBe(403);
    expect(reading.data).toMatchObject({ code: 'wpcf7_forbidden', message: 'You are not allowed to access the requested contact form.' });
    const creating = await rest.inject({ method: 'POST', path: `${NS}/contact-forms`, body: { title: 'x' }, user: subscriber });
    expect(creating.status).toBe(403);
    expect(creating.data).toMatchObject({ code: 'wpcf7_forbidden', message: 'You are not allowed to create a contact form.' });
    const deleting = await rest.inject({ method: 'DELETE', path: `${NS}/contact-forms/1`, user: subscriber });
    expect(deleting.status).toBe(403);
  });

  it('answers 400 wpcf7_post_exists when a create names an id', async () => {
    const answer = await (
      await server()
    ).inject({ method: 'POST', path: `${NS}/contact-forms`, body: { id: 1, title: 'Again' }, user: editor });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ code: 'wpcf7_post_exists', message: 'Cannot create existing contact form.', data: { status: 400 } });
  });

  it('answers WordPress-style 400s for params of the wrong type instead of saving them', async () => {
    const rest = await server();
    const answer = await rest.inject({
      method: 'POST',
      path: `${NS}/contact-forms`,
      body: { title: { text: 'x' }, mail: 'not a template', messages: { spam: ['x'] } },
      user: editor,
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): title, mail, messages',
      data: {
        status: 400,
        params: {
          title: 'title is not of type string.',
          mail: 'mail is not of type object.',
          messages: 'messages[spam] is not of type string.',
        },
      },
    });
    const update = await rest.inject({ method: 'PUT', path: `${NS}/contact-forms/1`, body: { mail: { body: ['x'] } }, user: editor });
    expect(update.status).toBe(400);
    expect(update.data).toMatchObject({ data: { params: { mail: 'mail[body] is not of type string.' } } });
    const list = await rest.inject({ path: `${NS}/contact-forms`, user: editor });
    expect(list.data).toHaveLength(1);
  });

  it('pages, orders and searches listings as WP_Query reads per_page, offset, order, orderby and search', async () => {
    const { rest } = await serverWithStore(false);
    for (const title of ['Bravo', 'alpha', 'Charlie'])
      await rest.inject({ method: 'POST', path: `${NS}/contact-forms`, body: { title }, user: editor });
    const titles = async (query: Record<string, unknown>) =>
      ((await rest.inject({ path: `${NS}/contact-forms`, query, user: editor })).data as Array<{ title: string }>).map(
        (form) => form.title,
      );
    expect(await titles({})).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(await titles({ per_page: 2, offset: 1 })).toEqual(['alpha', 'Charlie']);
    expect(await titles({ orderby: 'title' })).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(await titles({ orderby: 'title', order: 'desc' })).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(await titles({ orderby: 'title', per_page: 1, offset: 1 })).toEqual(['Bravo']);
    expect(await titles({ search: 'ALP' })).toEqual(['alpha']);
    // WP_Query's readings of odd values: 0 per page is 1, an unknown order is DESC, an unknown orderby is the date.
    expect(await titles({ per_page: 'abc' })).toEqual(['Bravo']);
    expect(await titles({ order: 'sideways' })).toEqual(['Charlie', 'alpha', 'Bravo']);
    expect(await titles({ orderby: 'bogus', order: 'ASC', offset: 'x' })).toEqual(['Bravo', 'alpha', 'Charlie']);
  });
});

describe('submitting feedback', () => {
  it('sends the mail with the submitted values and answers mail_sent', async () => {
    const { rest, store } = await serverWithStore();
    const id = await createSurvey(rest);
    const answer = await submit(rest, id, VALID_SUBMISSION);
    expect(answer.status).toBe(200);
    const feedback = answer.data as Feedback;
    expect(feedback).toMatchObject({ contact_form_id: id, status: 'mail_sent', into: '#wpcf7-f2-o1', invalid_fields: [] });
    expect(feedback.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);
    // The custom message's mail-tags are replaced too, but a credential-named field never is.
    expect(feedback.message).toBe('Thanks, Ana! [token]');
    expect(store.outbox).toHaveLength(1);
    expect(store.outbox[0]).toEqual<MailMessage>({
      formId: id,
      template: 'mail',
      sender: 'Forms Site <wordpress@forms.test>',
      recipient: 'coffee@example.com',
      subject: 'Booking from Ana',
      body: 'From: Ana <ana@example.com>\nGuests: 4\nMenu: coffee@example.com (Coffee)\nTopics: News, Offers\nTerms: Consented: I accept the house rules\nToken: [token]\n\nWindow seat, please.',
      additionalHeaders: 'Reply-To: ana@example.com',
      useHtml: false,
    });
    expect(await store.submissions()).toHaveLength(1);
    expect((await store.submissions())[0]).toMatchObject({ formId: id, status: 'mail_sent', unitTag: 'wpcf7-f2-o1', userAgent: 'vitest' });
    expect((await store.submissions())[0]!.fields).not.toHaveProperty('token');
  });

  it("answers validation_failed with each field's first failing rule, as the schema states it", async () => {
    const { rest, store } = await serverWithStore();
    const id = await createSurvey(rest);
    const schema = (await rest.inject({ path: `${NS}/contact-forms/${id}/feedback/schema` })).data as typeof SURVEY_SCHEMA;
    const error = (rule: string, field: string) => schema.rules.find((r) => r.rule === rule && r.field === field)!.error;
    const { size: _size, 'your-name': _name, ...others } = VALID_SUBMISSION;
    const answer = await submit(rest, id, { ...others, 'your-email': 'ana@', guests: '12', menu: 'Juice' });
    const feedback = answer.data as Feedback;
    expect(answer.status).toBe(200);
    expect(feedback).toMatchObject({
      status: 'validation_failed',
      message: 'One or more fields have an error. Please check and try again.',
      posted_data_hash: '',
    });
    expect(feedback.invalid_fields).toEqual([
      { field: 'size', message: error('required', 'size'), idref: null, error_id: 'wpcf7-f2-o1-ve-size' },
      { field: 'guests', message: error('maxnumber', 'guests'), idref: null, error_id: 'wpcf7-f2-o1-ve-guests' },
      { field: 'your-name', message: error('required', 'your-name'), idref: 'name-field', error_id: 'wpcf7-f2-o1-ve-your-name' },
      { field: 'your-email', message: error('email', 'your-email'), idref: null, error_id: 'wpcf7-f2-o1-ve-your-email' },
      { field: 'menu', message: error('enum', 'menu'), idref: null, error_id: 'wpcf7-f2-o1-ve-menu' },
    ]);
    expect(feedback.invalid_fields.map((field) => field.message)).toEqual([
      'Please fill out this field.',
      'This field has a too large number.',
      'Please fill out this field.',
      'Please enter an email address.',
      'Undefined value was submitted through this field.',
    ]);
    expect(store.outbox).toEqual([]);
    expect(await store.submissions()).toEqual([]);
  });

  it("checks a tel field as CF7 5.9's wpcf7_is_tel: without ( ) / . * # - and whitespace, an optional + and digits", async () => {
    const { rest } = await serverWithStore();
    const id = await createSurvey(rest);
    const telIsValid = async (phone: string) => {
      const feedback = (await submit(rest, id, { ...VALID_SUBMISSION, 'your-phone': phone })).data as Feedback;
      return !feedback.invalid_fields.some((field) => field.field === 'your-phone');
    };
    for (const phone of ['+44 (20) 7946-0000', '020.7946.0000', '555*123#4', '+1/555\t123\n', '((1))', '0']) {
      expect(await telIsValid(phone), phone).toBe(true);
    }
    for (const phone of ['+', '()-', '1+2', '++1', '12a3', '\u0661\u0662', `${'1'.repeat(40)}x`]) {
      expect(await telIsValid(phone), phone).toBe(false);
    }
  });

  it('answers acceptance_missing when an acceptance box is left unchecked', async () => {
    const { rest, store } = await serverWithStore();
    const id = await createSurvey(rest);
    const { terms: _terms, ...fields } = VALID_SUBMISSION;
    const feedback = (await submit(rest, id, fields)).data as Feedback;
    expect(feedback).toMatchObject({
      status: 'acceptance_missing',
      message: 'You must accept the terms and conditions before sending your message.',
      posted_data_hash: '',
      invalid_fields: [],
    });
    expect(store.outbox).toEqual([]);
  });

  it('refuses a body that is not multipart/form-data with 415', async () => {
    const answer = await (
      await server()
    ).inject({
      method: 'POST',
      path: `${NS}/contact-forms/1/feedback`,
      body: { _wpcf7_unit_tag: 'wpcf7-f1-o1' },
    });
    expect(answer.status).toBe(415);
    expect(answer.data).toEqual({
      code: 'wpcf7_unsupported_media_type',
      message: 'The request payload format is not supported.',
      data: { status: 415 },
    });
  });

  it('answers 400 wpcf7_unit_tag_not_found without a usable unit tag, and 404 for an unknown form', async () => {
    const rest = await server();
    const noTag = await submit(rest, 1, { 'your-name': 'Ana', _wpcf7_unit_tag: '<>' });
    expect(noTag.status).toBe(400);
    expect(noTag.data).toEqual({ code: 'wpcf7_unit_tag_not_found', message: 'There is no valid unit tag.', data: { status: 400 } });
    const unknown = await submit(rest, 99, { _wpcf7_unit_tag: 'wpcf7-f99-o1' });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ code: 'wpcf7_not_found' });
  });

  it("answers mail_failed when the host's sendMail refuses or throws", async () => {
    const sample = { _wpcf7_unit_tag: 'wpcf7-f1-o1', 'your-name': 'Ana', 'your-email': 'ana@example.com', 'your-subject': 'Hi' };
    for (const sendMail of [async () => false, async () => Promise.reject(new Error('SMTP down'))]) {
      const feedback = (await submit(await server({ storage: { sendMail } }), 1, sample)).data as Feedback;
      expect(feedback).toMatchObject({
        status: 'mail_failed',
        message: 'There was an error trying to send your message. Please try again later.',
      });
      expect(feedback.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it("answers mail_failed, at mailLimits' deadline, when the host's sendMail never answers", async () => {
    const sample = { _wpcf7_unit_tag: 'wpcf7-f1-o1', 'your-name': 'Ana', 'your-email': 'ana@example.com', 'your-subject': 'Hi' };
    const sendMail = () => new Promise<boolean>(() => undefined);
    const rest = await server({ storage: { sendMail }, mailLimits: { timeoutMs: 50 } });
    const feedback = (await submit(rest, 1, sample)).data as Feedback;
    expect(feedback.status).toBe('mail_failed');
  });

  it("sends through the variant's sendMail, the one every mailing namespace shares, when the storage names none", async () => {
    const store = memoryStore();
    await seedContactForms(store);
    const sent: string[] = [];
    const rest = createRestServer({
      site: { name: 'Forms Site', url: 'http://forms.test' },
      store,
      namespaces: variantB({ only: ['contact-forms/v1'], sendMail: async (mail) => (sent.push(mail.subject), true) }),
    });
    const sample = { _wpcf7_unit_tag: 'wpcf7-f1-o1', 'your-name': 'Ana', 'your-email': 'ana@example.com', 'your-subject': 'Hi' };
    expect(((await submit(rest, 1, sample)).data as Feedback).status).toBe('mail_sent');
    expect(sent).toEqual(['Forms Site "Hi"']);
  });

  it('refuses a mailLimits timeout that is not a positive number when mounted', () => {
    expect(() => contactForms({ mailLimits: { timeoutMs: 0 } })).toThrow(
      'site-rest: contactForms mailLimits timeoutMs must be a number of at least 1',
    );
  });

  it("answers spam when the host's checkSpam says so, or when there is no User-Agent, and logs it as spam", async () => {
    const { rest, store } = await serverWithStore(true, {
      storage: { checkSpam: async (submission) => submission.fields['your-name'] === 'Spammer' },
    });
    const fields = { _wpcf7_unit_tag: 'wpcf7-f1-o1', 'your-email': 'x@example.com', 'your-subject': 'Buy' };
    const spam = (await submit(rest, 1, { ...fields, 'your-name': 'Spammer' })).data as Feedback;
    expect(spam).toMatchObject({
      status: 'spam',
      message: 'There was an error trying to send your message. Please try again later.',
      posted_data_hash: '',
    });
    const bot = (await submit(rest, 1, { ...fields, 'your-name': 'Bot' }, { 'User-Agent': '' })).data as Feedback;
    expect(bot.status).toBe('spam');
    expect(store.outbox).toEqual([]);
    expect((await store.submissions()).map((submission) => submission.status)).toEqual(['spam', 'spam']);
  });

  it('keeps the memory store for everything a host leaves out when it passes only sendMail', async () => {
    const sent: MailMessage[] = [];
    const rest = await server({ storage: { sendMail: async (message) => (sent.push(message), true) } });
    const list = await rest.inject({ path: `${NS}/contact-forms`, user: editor });
    expect((list.data as Array<{ title: string }>).map((form) => form.title)).toEqual(['Contact form 1']);
    const fields = {
      _wpcf7_unit_tag: 'wpcf7-f1-o1',
      'your-name': 'Ana',
      'your-email': 'ana@example.com',
      'your-subject': 'Hello',
      'your-message': 'Hi there',
    };
    const feedback = (await submit(rest, 1, fields)).data as Feedback;
    expect(feedback).toMatchObject({ status: 'mail_sent', message: 'Thank you for your message. It has been sent.' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      recipient: 'wordpress@forms.test',
      subject: 'Forms Site "Hello"',
      body: 'From: Ana <ana@example.com>\nSubject: Hello\n\nMessage Body:\nHi there\n\n-- \nThis e-mail was sent from a contact form on Forms Site (http://forms.test)',
      additionalHeaders: 'Reply-To: ana@example.com',
    });
  });
});

describe('schema and refill', () => {
  it("serves the SWV schema of the form's fields, the rules its submissions are validated against", async () => {
    const { rest } = await serverWithStore();
    const id = await createSurvey(rest);
    const answer = await rest.inject({ path: `${NS}/contact-forms/${id}/feedback/schema` });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual(SURVEY_SCHEMA);
    const unknown = await rest.inject({ path: `${NS}/contact-forms/99/feedback/schema` });
    expect(unknown.status).toBe(404);
  });

  it('refills nothing for a form without a quiz, and a fresh question whose answer hash the quiz accepts', async () => {
    const { rest, store } = await serverWithStore();
    expect((await rest.inject({ path: `${NS}/contact-forms/1/refill` })).data).toEqual([]);
    const created = await rest.inject({ method: 'POST', path: `${NS}/contact-forms`, body: QUIZ_FORM, user: editor });
    const id = (created.data as { id: number }).id;
    const refill = (await rest.inject({ path: `${NS}/contact-forms/${id}/refill` })).data as { quiz: Record<string, [string, string]> };
    expect(refill.quiz.capital![0]).toBe('The capital of France?');
    const hash = refill.quiz.capital![1];
    expect(hash).toMatch(/^[0-9a-f]{32}$/);

    const base = { _wpcf7_unit_tag: `wpcf7-f${id}-o1`, 'your-name': 'Ana', _wpcf7_quiz_answer_capital: hash };
    const wrong = (await submit(rest, id, { ...base, capital: 'Lyon' })).data as Feedback;
    expect(wrong.status).toBe('validation_failed');
    expect(wrong.invalid_fields).toEqual([
      { field: 'capital', message: 'The answer to the quiz is incorrect.', idref: null, error_id: `wpcf7-f${id}-o1-ve-capital` },
    ]);
    expect(wrong.quiz!.capital![0]).toBe('The capital of France?');
    const right = (await submit(rest, id, { ...base, capital: ' PARIS ' })).data as Feedback;
    expect(right.status).toBe('mail_sent');
    expect(store.outbox).toHaveLength(1);

    expect((await rest.inject({ path: `${NS}/contact-forms/99/refill` })).status).toBe(404);
  });
});

describe('what anonymous submissions leave in the site store', () => {
  async function openForm(rest: RestServer): Promise<number> {
    const created = await rest.inject({ method: 'POST', path: `${NS}/contact-forms`, body: OPEN_FORM, user: editor });
    return (created.data as { id: number }).id;
  }

  it("records only the form's declared fields, never what a client adds or a credential-named one", async () => {
    const { rest, store } = await serverWithStore();
    const id = await openForm(rest);
    const extra = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`extra-${i}`, 'x'.repeat(1000)]));
    const answer = await submit(rest, id, { _wpcf7_unit_tag: `wpcf7-f${id}-o1`, ref: 'r1', note: 'Hello', api_key: 'k-123', ...extra });
    expect((answer.data as Feedback).status).toBe('mail_sent');
    expect((await store.submissions())[0]!.fields).toEqual({ ref: 'r1', note: 'Hello' });
  });

  it('caps each recorded value at 10,000 characters, a list by its items together, a surrogate pair never split', async () => {
    const { rest, store } = await serverWithStore();
    const id = await openForm(rest);
    const note = `${'n'.repeat(9_999)}😀${'n'.repeat(20_000)}`;
    await submit(rest, id, { _wpcf7_unit_tag: `wpcf7-f${id}-o1`, note, 'ref[]': ['a'.repeat(6_000), 'b'.repeat(6_000), 'c'] });
    expect((await store.submissions())[0]!.fields).toEqual({ note: 'n'.repeat(9_999), ref: ['a'.repeat(6_000), 'b'.repeat(4_000)] });
  });

  it('keeps the latest maxSubmissions submissions in the site store, dropping the oldest', async () => {
    const { rest, store } = await serverWithStore(true, { maxSubmissions: 3 });
    const fields = { _wpcf7_unit_tag: 'wpcf7-f1-o1', 'your-email': 'ana@example.com', 'your-subject': 'Hi' };
    for (let i = 1; i <= 5; i++) await submit(rest, 1, { ...fields, 'your-name': `Ana ${i}` });
    expect((await store.submissions()).map((submission) => submission.fields['your-name'])).toEqual(['Ana 3', 'Ana 4', 'Ana 5']);
    expect(store.outbox).toHaveLength(5);
  });

  it('keeps 100 by default', async () => {
    const { rest, store } = await serverWithStore();
    const fields = { _wpcf7_unit_tag: 'wpcf7-f1-o1', 'your-email': 'ana@example.com', 'your-subject': 'Hi' };
    for (let i = 1; i <= 101; i++) await submit(rest, 1, { ...fields, 'your-name': `Ana ${i}` });
    expect(await store.submissions()).toHaveLength(100);
    expect((await store.submissions())[0]!.fields['your-name']).toBe('Ana 2');
  });

  it('refuses a maxSubmissions that is not a whole number of at least 0 when mounted', () => {
    for (const maxSubmissions of [-1, 1.5, Number.NaN])
      expect(() => createRestServer({ site: { name: 'x', url: 'http://x.test' }, namespaces: [contactForms({ maxSubmissions })] })).toThrow(
        TypeError,
      );
  });
});

describe('contact-forms/v1 over HTTP', () => {
  let store: Sent;
  let http: Server;
  let base: string;

  beforeAll(async () => {
    let rest: RestServer;
    ({ rest, store } = await serverWithStore());
    http = createServer(createNodeHandler(rest));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  it('takes a browser-style multipart submission sent with fetch and FormData', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      _wpcf7: '1',
      _wpcf7_unit_tag: 'wpcf7-f1-p7-o1',
      'your-name': 'Émile',
      'your-email': 'emile@example.com',
      'your-subject': 'Bonjour',
    })) {
      form.append(name, value);
    }
    const response = await fetch(`${base}/wp-json/contact-forms/v1/contact-forms/1/feedback`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ contact_form_id: 1, status: 'mail_sent', into: '#wpcf7-f1-p7-o1', invalid_fields: [] });
    expect(store.outbox[0]).toMatchObject({ subject: 'Forms Site "Bonjour"', additionalHeaders: 'Reply-To: emile@example.com' });
  });
});
