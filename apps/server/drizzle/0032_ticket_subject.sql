-- A ticket's subject (issue 24 section 6 item 10). Tickets raised before it take the first words of their
-- description (at most 80 characters, cut at a word, "…" when cut).
ALTER TABLE "support_tickets" ADD COLUMN "subject" text;
--> statement-breakpoint
UPDATE "support_tickets" SET "subject" = CASE
  WHEN length(d) <= 80 THEN d
  ELSE coalesce(nullif(regexp_replace(left(d, 81), '\s+\S*$', ''), ''), left(d, 80)) || '…'
END
FROM (SELECT id, btrim(regexp_replace(description, '\s+', ' ', 'g')) AS d FROM "support_tickets") s
WHERE s.id = "support_tickets".id;
--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "subject" SET NOT NULL;
--> statement-breakpoint
-- The search document now holds the subject (weight A) before the description (B).
CREATE OR REPLACE FUNCTION support_ticket_search_refresh(ticket uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  head tsvector;
  pub tsvector;
  internal tsvector;
BEGIN
  -- Under the ticket's row lock, so two writers of one ticket's document take turns (a comment's insert holds it).
  SELECT setweight(to_tsvector('amparo_es', t.subject), 'A') || setweight(to_tsvector('amparo_es', t.description), 'B')
    INTO head
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
DROP TRIGGER IF EXISTS support_ticket_search_update ON support_tickets;
--> statement-breakpoint
CREATE TRIGGER support_ticket_search_update AFTER UPDATE ON support_tickets
  FOR EACH ROW WHEN (OLD.description IS DISTINCT FROM NEW.description OR OLD.subject IS DISTINCT FROM NEW.subject)
  EXECUTE FUNCTION support_ticket_search_from_rows();
--> statement-breakpoint
SELECT support_ticket_search_refresh(id) FROM (SELECT id FROM support_tickets ORDER BY id) s;
