import { HtmlValidate } from 'html-validate';

/**
 * html-validate's recommended rules over a page as the server sends it (docs/decisions/065-valid-html.md), with
 * those about how React writes markup rather than what the markup means left out: the case of its attributes
 * (`charSet`, `viewBox`), the ids `useId` makes (`_R_1b_`: unique, not the words `valid-id` wants), `<br/>`,
 * `async=""` and `hidden=""`, and `style` attributes (valid HTML, allowed by the site's content security policy,
 * used for values computed per element). Tables keep roles their elements already have: a table stacked on a phone
 * loses its table semantics in some browsers unless it states them (docs/decisions/038-tables-on-phones.md).
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'attr-case': 'off',
    'valid-id': 'off',
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'no-inline-style': 'off',
    'no-redundant-role': 'off',
  },
});

/** What html-validate finds in one document, a line each: `rule: message (selector)`. */
export async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId}: ${m.message}${m.selector ? ` (${m.selector})` : ''}`),
  );
}
