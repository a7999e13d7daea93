/**
 * Serialises structured data for search engines (docs/product/screens.md#search-engines). `<` is written as \u003c so a value such as
 * `</script>` in operator content cannot close the script element; U+2028/2029 are escaped for old parsers.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped by jsonLdText
      dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
    />
  );
}
