ALTER TABLE "websites" ADD COLUMN "scheme_guessed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "skipped_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "problem" jsonb;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "busy_since" timestamp with time zone;--> statement-breakpoint
-- A report kept every address it left (96,016 for one site): it keeps the counts by reason and ten of each.
UPDATE "websites" w SET
  "skipped_counts" = coalesce((SELECT jsonb_object_agg(c.reason, c.n) FROM (SELECT e->>'reason' AS reason, count(*) AS n FROM jsonb_array_elements(w."skipped") e GROUP BY 1) c), '{}'::jsonb),
  "skipped" = coalesce((
    SELECT jsonb_agg(s.e ORDER BY s.i) FROM (
      SELECT t.e, t.i, row_number() OVER (PARTITION BY t.e->>'reason' ORDER BY t.i) AS k FROM jsonb_array_elements(w."skipped") WITH ORDINALITY t(e, i)
    ) s WHERE s.k <= 10
  ), '[]'::jsonb)
WHERE jsonb_array_length(w."skipped") > 0;
