CREATE TABLE "spark_terms" (
	"spark_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"chunks" integer NOT NULL,
	CONSTRAINT "spark_terms_spark_id_lexeme_pk" PRIMARY KEY("spark_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "spark_terms" ADD CONSTRAINT "spark_terms_spark_id_sparks_id_fk" FOREIGN KEY ("spark_id") REFERENCES "public"."sparks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Chunks are only ever inserted and deleted (a re-ingestion deletes and inserts), so these two
-- triggers keep spark_terms exact. Rows are touched in (spark_id, lexeme) order within a statement;
-- transactions writing chunks in several statements also take a per-Spark advisory lock first.
CREATE FUNCTION "spark_terms_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO spark_terms (spark_id, lexeme, chunks)
	SELECT n.spark_id, l.lexeme, count(*)::int
	FROM new_chunks n, unnest(tsvector_to_array(n.tsv)) AS l(lexeme)
	GROUP BY n.spark_id, l.lexeme
	ORDER BY n.spark_id, l.lexeme
	ON CONFLICT (spark_id, lexeme) DO UPDATE SET chunks = spark_terms.chunks + excluded.chunks;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE rather than an upsert of negative counts: when a whole Spark is deleted its terms may
-- already be gone by the time the cascade reaches the chunks, and nothing must be re-created then.
CREATE FUNCTION "spark_terms_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	WITH gone AS (
		SELECT o.spark_id, l.lexeme, count(*)::int AS chunks
		FROM old_chunks o, unnest(tsvector_to_array(o.tsv)) AS l(lexeme)
		GROUP BY o.spark_id, l.lexeme
	), locked AS (
		SELECT t.spark_id, t.lexeme FROM spark_terms t JOIN gone g USING (spark_id, lexeme)
		ORDER BY t.spark_id, t.lexeme FOR UPDATE OF t
	)
	UPDATE spark_terms t SET chunks = t.chunks - g.chunks
	FROM gone g JOIN locked k USING (spark_id, lexeme)
	WHERE t.spark_id = g.spark_id AND t.lexeme = g.lexeme;
	DELETE FROM spark_terms t
	WHERE t.chunks <= 0 AND t.spark_id IN (SELECT DISTINCT o.spark_id FROM old_chunks o);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "document_chunks_terms_added" AFTER INSERT ON "document_chunks"
	REFERENCING NEW TABLE AS new_chunks FOR EACH STATEMENT EXECUTE FUNCTION "spark_terms_added"();
--> statement-breakpoint
CREATE TRIGGER "document_chunks_terms_removed" AFTER DELETE ON "document_chunks"
	REFERENCING OLD TABLE AS old_chunks FOR EACH STATEMENT EXECUTE FUNCTION "spark_terms_removed"();
--> statement-breakpoint
INSERT INTO spark_terms (spark_id, lexeme, chunks)
SELECT c.spark_id, l.lexeme, count(*)::int
FROM document_chunks c, unnest(tsvector_to_array(c.tsv)) AS l(lexeme)
WHERE EXISTS (SELECT 1 FROM sparks s WHERE s.id = c.spark_id)
GROUP BY c.spark_id, l.lexeme;
