import { randomInt } from '../../core/crypto/random.js';
import type { FormTag } from './form-tags.js';
import { hashesEqual, keyedHash } from '../site-salt.js';
import { canonicalize } from './canonicalize.js';

/** A quiz's question and the keyed hash of its answer, as CF7's refill hands them to the client. */
type QuizPair = [question: string, answerHash: string];

/** The keyed hash of a quiz answer, compared case- and whitespace-blind as CF7 does. */
function answerHash(answer: string, key: string): string {
  return keyedHash(canonicalize(answer, { lower: true, stripSeparators: true }), 'wpcf7_quiz', key);
}

/** A random question of the quiz with its answer's hash; CF7's "1+1=?" when the tag has none. */
function askQuiz(tag: FormTag, key: string): QuizPair {
  const pipes = tag.pipes ?? [];
  const [question, answer] = pipes.length > 0 ? pipes[randomInt(pipes.length)]! : ['1+1=?', '2'];
  return [question, answerHash(answer, key)];
}

/** CF7's `wpcf7_quiz_ajax_refill()`: a fresh question for every named quiz of the form, or null when it has none. */
export function quizRefill(tags: FormTag[], key: string): Record<string, QuizPair> | null {
  const quizzes = tags.filter((tag) => tag.type === 'quiz' && tag.name !== '');
  if (quizzes.length === 0) return null;
  return Object.fromEntries(quizzes.map((tag) => [tag.name, askQuiz(tag, key)]));
}

/** CF7's quiz validation: the posted answer's hash must equal the posted `_wpcf7_quiz_answer_<name>`. */
export function quizAnswered(tag: FormTag, body: Record<string, unknown>, key: string): boolean {
  const answer = Object.hasOwn(body, tag.name) ? body[tag.name] : '';
  const expected = body[`_wpcf7_quiz_answer_${tag.name}`];
  if (typeof answer !== 'string' || typeof expected !== 'string') return false;
  return hashesEqual(expected, answerHash(answer, key));
}
