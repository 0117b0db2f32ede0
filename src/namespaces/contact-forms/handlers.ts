import { isRestError } from '../../core/errors/rest-error.js';
import { defaultMailAddress } from '../../core/mail/message.js';
import type { MountContext, RestContext } from '../../core/types.js';
import type { Handlers } from '../define.js';
import { cannotDelete, notFound, postExists, unitTagNotFound, unsupportedMediaType } from './errors.js';
import { applyFormChanges, readFormChanges } from './form-changes.js';
import { formSchema } from './form-schema.js';
import { scanFormTags } from './form-tags.js';
import { listQuery } from './list-query.js';
import { phpInt } from './php-values.js';
import { formDetail, formSummary, savedForm } from './present.js';
import { quizRefill } from './quiz.js';
import type { contactFormsRoutes } from './routes.js';
import type { ContactFormRecord, ContactFormsStorage } from './storage.js';
import { runSubmission, type FeedbackResult } from './submission.js';
import { newFormFields } from './templates.js';
import { bindService, type HostServiceLimits } from '../host-service.js';
import { mailService } from './services.js';

/** What the handlers run on. */
interface ContactFormsHandlerDeps {
  /** Key of the keyed hashes (quiz answers, `posted_data_hash`). */
  hashKey: () => Promise<string>;
  /** What `[_site_admin_email]` stands for; undefined for `wordpress@<site host>`. */
  adminEmail: string | undefined;
  /** How long `sendMail` may take. */
  mailLimits: HostServiceLimits;
  /** Where a failed send is reported (the mount's). */
  reportService: MountContext['reportService'];
}

/** CF7's `wpcf7_sanitize_unit_tag()`: letters, digits, `_` and `-` only. */
function sanitizeUnitTag(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).replace(/[^A-Za-z0-9_-]/g, '') : '';
}

/**
 * The feedback answer as CF7's `create_feedback()` builds it, keys in CF7's order: the result,
 * `into`, the invalid fields with their error ids, and a fresh quiz when the form has one.
 */
function feedbackResponse(form: ContactFormRecord, result: FeedbackResult, unitTag: string, hashKey: string): Record<string, unknown> {
  const invalidFields = result.invalidFields.map((field) => ({
    field: field.name,
    message: field.reason,
    idref: field.idref,
    error_id: `${unitTag}-ve-${field.name}`,
  }));
  const response: Record<string, unknown> = { contact_form_id: form.id, status: result.status, message: result.message };
  // array_merge() keeps a key where the submission result first put it.
  if (result.status === 'validation_failed') response.invalid_fields = invalidFields;
  if (result.postedDataHash !== null) response.posted_data_hash = result.postedDataHash;
  if (result.demoMode) response.demo_mode = true;
  response.into = `#${unitTag}`;
  response.invalid_fields = invalidFields;
  const quiz = quizRefill(scanFormTags(form.form), hashKey);
  if (quiz) response.quiz = quiz;
  return response;
}

/** The handlers of the contact-forms route table. */
export function contactFormsHandlers(deps: ContactFormsHandlerDeps): Handlers<typeof contactFormsRoutes, ContactFormsStorage> {
  const adminEmail = (context: RestContext) => deps.adminEmail ?? defaultMailAddress(context.site.home);

  return {
    async listForms(request, _context, storage) {
      const forms = await storage.listForms(listQuery(request.params));
      return forms.map(formSummary);
    },

    async createForm(request, _context, storage) {
      if (phpInt(request.params.id)) return postExists();
      const changes = readFormChanges(request.params);
      if (isRestError(changes)) return changes;
      return savedForm(await storage.createForm(applyFormChanges(newFormFields(), changes)));
    },

    async getForm(request, _context, storage) {
      const form = await storage.getForm(Number(request.urlParams.id));
      return form ? formDetail(form) : notFound();
    },

    async updateForm(request, _context, storage) {
      const form = await storage.getForm(Number(request.urlParams.id));
      if (!form) return notFound();
      const changes = readFormChanges(request.params);
      if (isRestError(changes)) return changes;
      const saved = await storage.updateForm(form.id, applyFormChanges(form, changes));
      return saved ? savedForm(saved) : notFound();
    },

    async deleteForm(request, _context, storage) {
      const form = await storage.getForm(Number(request.urlParams.id));
      if (!form) return notFound();
      if (!(await storage.deleteForm(form.id))) return cannotDelete();
      return { deleted: true };
    },

    async submitFeedback(request, context, storage) {
      // CF7 compares the raw header, case and all.
      if (!(request.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
        return unsupportedMediaType();
      }
      const form = await storage.getForm(Number(request.urlParams.id));
      if (!form) return notFound();
      const unitTag = sanitizeUnitTag(request.params._wpcf7_unit_tag);
      if (unitTag === '') return unitTagNotFound();
      const hashKey = await deps.hashKey();
      const result = await runSubmission(
        { form, body: request.body, unitTag, userAgent: (request.headers['user-agent'] ?? '').slice(0, 254), user: context.user },
        {
          storage,
          site: context.site,
          adminEmail: adminEmail(context),
          hashKey,
          mail: bindService(mailService, (message) => storage.sendMail(message), deps.mailLimits, deps.reportService),
        },
      );
      return feedbackResponse(form, result, unitTag, hashKey);
    },

    async getSchema(request, context, storage) {
      const form = await storage.getForm(Number(request.urlParams.id));
      return form ? formSchema(form, { site: context.site, adminEmail: adminEmail(context), user: context.user }) : notFound();
    },

    async getRefill(request, _context, storage) {
      const form = await storage.getForm(Number(request.urlParams.id));
      if (!form) return notFound();
      const quiz = quizRefill(scanFormTags(form.form), await deps.hashKey());
      return quiz ? { quiz } : [];
    },
  };
}
