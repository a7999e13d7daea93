CREATE TABLE "finance_rollup" (
	"month" date NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"section" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"rate_percent" text DEFAULT '' NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	"excl_tax_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"incl_tax_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_rollup_pkey" PRIMARY KEY("month","currency","source","section","country","rate_percent","reverse_charge","kind")
);
--> statement-breakpoint
-- The finance report's rollup (docs/decisions/078-finance-report.md): one document's sums added to its UTC month and
-- currency. `doc_source` is `invoice` or `credit_note`; `doc` the invoice or credit note row as jsonb; `line_keys`
-- the order's lines (an invoice) or the refund's lines (a credit note) by place, for the product line of a document
-- line that does not name its kind; `unnamed` the kind of a line that neither names: `other` for an invoice, `whole`
-- for a credit note refunding an amount. Every part reconciles to the document: an amount no tax line covers is an
-- untaxed row, an amount the lines do not explain an `other` line. The rows are written in key order.
CREATE FUNCTION "finance_rollup_document"(doc_source text, doc jsonb, line_keys jsonb, unnamed text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', (doc->>'issued_at')::timestamptz AT TIME ZONE 'UTC')::date;
  excl bigint := (doc->>'total_excl_tax_minor')::bigint;
  tax_lines jsonb := coalesce(doc->'content'->'taxLines', '[]'::jsonb);
  doc_lines jsonb := coalesce(doc->'content'->'lines', '[]'::jsonb);
  discount bigint := coalesce((doc->'content'->>'discountMinor')::bigint, 0);
  taxed bigint;
  listed bigint;
BEGIN
  SELECT coalesce(sum((t->>'baseMinor')::bigint), 0) INTO taxed FROM jsonb_array_elements(tax_lines) t;
  SELECT coalesce(sum((l->>'amountMinor')::bigint), 0) INTO listed FROM jsonb_array_elements(doc_lines) l;
  INSERT INTO "finance_rollup" AS f ("month", "currency", "source", "section", "country", "rate_percent",
    "reverse_charge", "kind", "documents", "excl_tax_minor", "tax_minor", "incl_tax_minor")
  SELECT m, doc->>'currency', doc_source, p.section, p.country, p.rate_percent, p.reverse_charge, p.kind, 1,
    sum(p.excl), sum(p.tax), sum(p.excl + p.tax)
  FROM (
    SELECT 'total' AS section, '' AS country, '' AS rate_percent, false AS reverse_charge, '' AS kind,
      excl, (doc->>'tax_minor')::bigint AS tax
    UNION ALL
    SELECT 'tax', coalesce(t->>'country', doc->>'country'), t->>'ratePercent', coalesce((t->>'reverseCharge')::boolean, false), '',
      (t->>'baseMinor')::bigint, (t->>'taxMinor')::bigint
    FROM jsonb_array_elements(tax_lines) t
    UNION ALL
    SELECT 'tax', doc->>'country', '', false, '', excl - taxed, 0
    WHERE jsonb_array_length(tax_lines) = 0 OR excl <> taxed
    UNION ALL
    SELECT 'line', '', '', false,
      coalesce(nullif(l.value->>'kind', ''), nullif(split_part(line_keys->((l.place - 1)::int)->>'key', '.', 1), ''), unnamed),
      (l.value->>'amountMinor')::bigint, 0
    FROM jsonb_array_elements(doc_lines) WITH ORDINALITY AS l(value, place)
    UNION ALL
    SELECT 'line', '', '', false, 'coupon', -discount, 0 WHERE discount <> 0
    UNION ALL
    SELECT 'line', '', '', false, 'other', excl - (listed - discount), 0 WHERE excl <> listed - discount
  ) p
  GROUP BY p.section, p.country, p.rate_percent, p.reverse_charge, p.kind
  ORDER BY p.section, p.country, p.rate_percent, p.reverse_charge, p.kind
  ON CONFLICT ("month", "currency", "source", "section", "country", "rate_percent", "reverse_charge", "kind") DO UPDATE SET
    "documents" = f."documents" + 1,
    "excl_tax_minor" = f."excl_tax_minor" + excluded."excl_tax_minor",
    "tax_minor" = f."tax_minor" + excluded."tax_minor",
    "incl_tax_minor" = f."incl_tax_minor" + excluded."incl_tax_minor";
END $$;--> statement-breakpoint
-- An invoice's lines are its order's, in order: the order names each line's kind (`plan.…`, `licence.…`).
CREATE FUNCTION "finance_rollup_invoice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM finance_rollup_document('invoice', to_jsonb(NEW),
    coalesce((SELECT o.lines FROM orders o WHERE o.id = NEW.order_id), '[]'::jsonb), 'other');
  RETURN NULL;
END $$;--> statement-breakpoint
-- A credit note refunding chosen lines lists them in the refund's order: the refund names each line's key.
CREATE FUNCTION "finance_rollup_credit_note"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM finance_rollup_document('credit_note', to_jsonb(NEW),
    coalesce((SELECT r.lines FROM refunds r WHERE r.id = NEW.refund_id AND r.basis = 'lines'), '[]'::jsonb), 'whole');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_finance_rollup" AFTER INSERT ON "invoices" FOR EACH ROW EXECUTE FUNCTION "finance_rollup_invoice"();--> statement-breakpoint
CREATE TRIGGER "credit_notes_finance_rollup" AFTER INSERT ON "credit_notes" FOR EACH ROW EXECUTE FUNCTION "finance_rollup_credit_note"();--> statement-breakpoint
-- The documents issued before the rollup existed.
SELECT finance_rollup_document('invoice', to_jsonb(i), coalesce(o.lines, '[]'::jsonb), 'other')
  FROM invoices i LEFT JOIN orders o ON o.id = i.order_id ORDER BY i.id;--> statement-breakpoint
SELECT finance_rollup_document('credit_note', to_jsonb(c), coalesce(r.lines, '[]'::jsonb), 'whole')
  FROM credit_notes c LEFT JOIN refunds r ON r.id = c.refund_id AND r.basis = 'lines' ORDER BY c.id;
