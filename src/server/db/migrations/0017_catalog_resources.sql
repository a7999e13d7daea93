-- The catalog's editors became declared resources (docs/decisions/057-one-resource-pattern.md), which keep a row's
-- editing version in `version`: an image's OS release moves to `release`, its editing version from `row_version`
-- to `version`, and reserved domain names, made and deleted but never changed, get a version as every row has.
ALTER TABLE "images" RENAME COLUMN "version" TO "release";--> statement-breakpoint
ALTER TABLE "images" RENAME COLUMN "row_version" TO "version";--> statement-breakpoint
ALTER TABLE "reserved_domain_labels" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Each of them is audited under a kind of its own, keyed by the row's key alone: the entries written before,
-- all kind `catalog` keyed `<kind>:<key>`, become the same, so a row's history and undo include them.
UPDATE "audit_log" SET
  "kind" = CASE split_part("entity_id", ':', 1)
    WHEN 'regions' THEN 'region'
    WHEN 'images' THEN 'image'
    WHEN 'product-lines' THEN 'productLine'
    WHEN 'plans' THEN 'plan'
    WHEN 'disks' THEN 'disk'
    WHEN 'bandwidth' THEN 'bandwidthTier'
    WHEN 'traffic' THEN 'trafficPackage'
    WHEN 'security-groups' THEN 'securityGroup'
    WHEN 'snapshot-policies' THEN 'snapshotPolicy'
    WHEN 'quick-sets' THEN 'quickSet'
    WHEN 'domain-suffixes' THEN 'domainSuffix'
    WHEN 'reserved-labels' THEN 'reservedLabel'
  END,
  "entity_id" = substr("entity_id", strpos("entity_id", ':') + 1)
WHERE "kind" = 'catalog' AND split_part("entity_id", ':', 1) IN ('regions', 'images', 'product-lines', 'plans',
  'disks', 'bandwidth', 'traffic', 'security-groups', 'snapshot-policies', 'quick-sets', 'domain-suffixes',
  'reserved-labels');
