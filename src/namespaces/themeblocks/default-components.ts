// The layouts and sections site-rest ships in the library, written for this project with
// WordPress's core blocks (groups, columns, headings, paragraphs, buttons), so they insert into any
// block editor. Their previews are small SVG pictures inside the URL itself: nothing is fetched.
import type { LayoutComponent } from './components.js';

/** A preview picture: a light card with the component's name, as a `data:` URL. */
function preview(label: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">` +
    `<rect width="600" height="400" fill="#f3f4f6"/><rect x="40" y="40" width="520" height="320" rx="12" fill="#ffffff" stroke="#d1d5db"/>` +
    `<text x="300" y="210" font-family="sans-serif" font-size="32" text-anchor="middle" fill="#374151">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const heading = (text: string, level = 2) =>
  `<!-- wp:heading {"level":${level}} --><h${level} class="wp-block-heading">${text}</h${level}><!-- /wp:heading -->`;

const paragraph = (text: string) => `<!-- wp:paragraph --><p>${text}</p><!-- /wp:paragraph -->`;

const button = (text: string) =>
  `<!-- wp:buttons --><div class="wp-block-buttons"><!-- wp:button --><div class="wp-block-button"><a class="wp-block-button__link wp-element-button">${text}</a></div><!-- /wp:button --></div><!-- /wp:buttons -->`;

const group = (className: string, inner: string) =>
  `<!-- wp:group {"className":"${className}","layout":{"type":"constrained"}} --><div class="wp-block-group ${className}">${inner}</div><!-- /wp:group -->`;

const columns = (inner: string[]) =>
  `<!-- wp:columns --><div class="wp-block-columns">${inner
    .map((column) => `<!-- wp:column --><div class="wp-block-column">${column}</div><!-- /wp:column -->`)
    .join('')}</div><!-- /wp:columns -->`;

const INTRO = group(
  'site-rest-section-intro',
  heading('Say what you do in one line') + paragraph('A sentence or two on who it is for and why it helps them.') + button('Get started'),
);

const FEATURES = group(
  'site-rest-section-features',
  heading('What you get') +
    columns([
      heading('Fast', 3) + paragraph('Describe the first benefit here.'),
      heading('Simple', 3) + paragraph('Describe the second benefit here.'),
      heading('Friendly', 3) + paragraph('Describe the third benefit here.'),
    ]),
);

const QUESTIONS = group(
  'site-rest-section-questions',
  heading('Questions people ask') +
    heading('How long does it take?', 3) +
    paragraph('Answer the question in a short paragraph.') +
    heading('What does it cost?', 3) +
    paragraph('Answer the question in a short paragraph.'),
);

const CONTACT = group(
  'site-rest-section-contact',
  heading('Talk to us') + paragraph('Tell visitors how to reach you and when you answer.') + button('Send a message'),
);

/** The shipped components: four sections, and two layouts made of them. */
export const DEFAULT_COMPONENTS: readonly LayoutComponent[] = [
  {
    type: 'layout',
    key: 'site_rest_layout_landing',
    name: 'Landing page',
    content: [INTRO, FEATURES, CONTACT].join(''),
    category: ['landing', 'business'],
    keywords: ['landing', 'home', 'features', 'contact'],
    image: preview('Landing page'),
  },
  {
    type: 'layout',
    key: 'site_rest_layout_help',
    name: 'Help page',
    content: [QUESTIONS, CONTACT].join(''),
    category: ['support'],
    keywords: ['help', 'questions', 'faq', 'contact'],
    image: preview('Help page'),
  },
  {
    type: 'section',
    key: 'site_rest_section_intro',
    name: 'Introduction',
    content: INTRO,
    category: ['header'],
    keywords: ['intro', 'hero', 'header', 'button'],
    image: preview('Introduction'),
  },
  {
    type: 'section',
    key: 'site_rest_section_features',
    name: 'Three features',
    content: FEATURES,
    category: ['features'],
    keywords: ['features', 'columns', 'benefits'],
    image: preview('Three features'),
  },
  {
    type: 'section',
    key: 'site_rest_section_questions',
    name: 'Questions',
    content: QUESTIONS,
    category: ['support'],
    keywords: ['faq', 'questions', 'answers'],
    image: preview('Questions'),
  },
  {
    type: 'section',
    key: 'site_rest_section_contact',
    name: 'Contact',
    content: CONTACT,
    category: ['contact'],
    keywords: ['contact', 'call to action', 'button'],
    image: preview('Contact'),
  },
];
