ALTER TABLE "test_cases" ADD COLUMN "checks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "baselines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_run_results" ADD COLUMN "turn" integer;--> statement-breakpoint
ALTER TABLE "test_run_results" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A case saved before checks belonged to questions: its one set of expectations was always judged on the last answer.
UPDATE "test_cases" SET "checks" = jsonb_build_array("expectations" || jsonb_build_object('turn', jsonb_array_length("turns") - 1))
WHERE jsonb_array_length("turns") > 0 AND (jsonb_array_length("expectations"->'mustInclude') > 0 OR jsonb_array_length("expectations"->'mustNotInclude') > 0 OR "expectations"->'citesDocument' <> 'null'::jsonb OR "expectations"->'expectation' <> 'null'::jsonb);--> statement-breakpoint
UPDATE "test_cases" SET "baselines" = (
  SELECT jsonb_agg(CASE WHEN t.ord = jsonb_array_length("test_cases"."turns") THEN to_jsonb("test_cases"."baseline") ELSE '""'::jsonb END ORDER BY t.ord)
  FROM jsonb_array_elements("test_cases"."turns") WITH ORDINALITY AS t(v, ord)
) WHERE jsonb_array_length("turns") > 0;
