-- Word search (issue 24 section 2, decision 0021): Spanish configurations without case or accents, the prefix query
-- builder, and the tickets' kept search documents (filled by triggers in the writing transaction).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'amparo_es') THEN
    -- Spanish, with accents removed before the stemmer (ASCII words have none to remove).
    CREATE TEXT SEARCH CONFIGURATION amparo_es (COPY = spanish);
    ALTER TEXT SEARCH CONFIGURATION amparo_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'amparo_simple') THEN
    -- Words as typed (lower case, no accents, no stemming, no stop words): a beginning matches as a prefix.
    CREATE TEXT SEARCH CONFIGURATION amparo_simple (COPY = simple);
    ALTER TEXT SEARCH CONFIGURATION amparo_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END $$;
--> statement-breakpoint
-- What a user typed (words separated by spaces: lib/search.ts keeps only letters and digits, but any text is safe
-- here) as a tsquery: every word required, each as a prefix of its stem OR of itself without accents. A Spanish stop
-- word ("de", "en") is left out unless every word is one (then "de" still finds "depósito"). Null: no word.
CREATE OR REPLACE FUNCTION amparo_prefix_query(terms text) RETURNS tsquery
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET client_min_messages = warning AS $$
DECLARE
  w text;
  quoted text;
  stem tsquery;
  part tsquery;
  q tsquery;
  stops tsquery;
BEGIN
  FOREACH w IN ARRAY regexp_split_to_array(coalesce(terms, ''), '\s+') LOOP
    CONTINUE WHEN w = '';
    quoted := '''' || replace(replace(w, '\', '\\'), '''', '''''') || ''':*';
    stem := to_tsquery('amparo_es', quoted);
    part := to_tsquery('amparo_simple', quoted);
    CONTINUE WHEN numnode(part) = 0;
    IF numnode(stem) = 0 THEN
      stops := CASE WHEN stops IS NULL THEN part ELSE stops && part END;
    ELSE
      part := stem || part;
      q := CASE WHEN q IS NULL THEN part ELSE q && part END;
    END IF;
  END LOOP;
  RETURN coalesce(q, stops);
END $$;
--> statement-breakpoint
CREATE TABLE "support_ticket_search" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"public_doc" "tsvector" NOT NULL,
	"all_doc" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_ticket_search" ADD CONSTRAINT "support_ticket_search_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_ticket_search_public_idx" ON "support_ticket_search" USING gin ("public_doc");--> statement-breakpoint
CREATE INDEX "support_ticket_search_all_idx" ON "support_ticket_search" USING gin ("all_doc");--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin (to_tsvector('amparo_es'::regconfig, coalesce("title", '') || ' ' || coalesce("description", '')));--> statement-breakpoint
CREATE INDEX "activities_search_idx" ON "activities" USING gin (to_tsvector('amparo_es'::regconfig, coalesce("name", '') || ' ' || coalesce("description", '')));
--> statement-breakpoint
-- A ticket's search document from its description and comments: `public_doc` without internal comments (what a
-- requester searches), `all_doc` with them (support staff). Weights: description B, public comments C, internal D.
CREATE OR REPLACE FUNCTION support_ticket_search_refresh(ticket uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  head tsvector;
  pub tsvector;
  internal tsvector;
BEGIN
  -- Under the ticket's row lock, so two writers of one ticket's document take turns (a comment's insert holds it).
  SELECT setweight(to_tsvector('amparo_es', t.description), 'B') INTO head
    FROM support_tickets t WHERE t.id = ticket FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT setweight(to_tsvector('amparo_es', coalesce(string_agg(c.body, ' ' ORDER BY c.created_at, c.id) FILTER (WHERE NOT c.internal), '')), 'C'),
         setweight(to_tsvector('amparo_es', coalesce(string_agg(c.body, ' ' ORDER BY c.created_at, c.id) FILTER (WHERE c.internal), '')), 'D')
    INTO pub, internal
    FROM support_comments c WHERE c.ticket_id = ticket;
  INSERT INTO support_ticket_search (ticket_id, public_doc, all_doc)
    VALUES (ticket, head || pub, head || pub || internal)
    ON CONFLICT (ticket_id) DO UPDATE SET public_doc = excluded.public_doc, all_doc = excluded.all_doc;
END $$;
--> statement-breakpoint
-- Rewrites the documents of the tickets a statement touched, in id order (two statements never wait on each other
-- in opposite orders).
CREATE OR REPLACE FUNCTION support_ticket_search_from_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'support_tickets' THEN
    IF TG_LEVEL = 'ROW' THEN
      PERFORM support_ticket_search_refresh(NEW.id);
    ELSE
      PERFORM support_ticket_search_refresh(id) FROM (SELECT id FROM new_rows ORDER BY id) s;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM support_ticket_search_refresh(ticket_id) FROM (SELECT DISTINCT ticket_id FROM new_rows ORDER BY 1) s;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM support_ticket_search_refresh(ticket_id) FROM (SELECT DISTINCT ticket_id FROM old_rows ORDER BY 1) s;
  ELSE
    PERFORM support_ticket_search_refresh(ticket_id)
      FROM (SELECT ticket_id FROM new_rows UNION SELECT ticket_id FROM old_rows ORDER BY 1) s;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER support_ticket_search_insert AFTER INSERT ON support_tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION support_ticket_search_from_rows();
--> statement-breakpoint
CREATE TRIGGER support_ticket_search_update AFTER UPDATE ON support_tickets
  FOR EACH ROW WHEN (OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION support_ticket_search_from_rows();
--> statement-breakpoint
CREATE TRIGGER support_ticket_search_comment_insert AFTER INSERT ON support_comments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION support_ticket_search_from_rows();
--> statement-breakpoint
CREATE TRIGGER support_ticket_search_comment_delete AFTER DELETE ON support_comments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION support_ticket_search_from_rows();
--> statement-breakpoint
CREATE TRIGGER support_ticket_search_comment_update AFTER UPDATE ON support_comments
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION support_ticket_search_from_rows();
--> statement-breakpoint
-- The documents of the tickets raised before this migration.
SELECT support_ticket_search_refresh(id) FROM (SELECT id FROM support_tickets ORDER BY id) s;
