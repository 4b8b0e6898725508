-- Which writes make a knowledge-hub passage document stale: every table and column documents/files.ts reads
-- (tests/integration/document-staleness.test.ts derives that list from the read query and checks this file).
-- A document is a passage (its identity id); its file's fields are copied into each of its passages.

-- The passages: an extraction writes them by the hundred in one statement (and a new version deletes the old ones,
-- as deleting a file cascades to them), so marking is statement-level, grouped. A deleted passage is marked so the
-- indexer removes its document.
CREATE OR REPLACE FUNCTION search_files_on_passages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_mark('files', company_id, array_agg(id)) FROM old_rows GROUP BY company_id;
  ELSE
    PERFORM search_mark('files', company_id, array_agg(id)) FROM new_rows GROUP BY company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_files_on_passages_insert AFTER INSERT ON knowledge_passages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_passages();
CREATE TRIGGER search_files_on_passages_delete AFTER DELETE ON knowledge_passages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_passages();
-- An update of what a document holds (its place, its text, or a move to another file) marks the passage.
CREATE TRIGGER search_files_on_passages_update AFTER UPDATE ON knowledge_passages FOR EACH ROW
  WHEN ((OLD.company_id, OLD.file_id, OLD.seq, OLD.location, OLD.number, OLD.label, OLD.text)
    IS DISTINCT FROM (NEW.company_id, NEW.file_id, NEW.seq, NEW.location, NEW.number, NEW.label, NEW.text))
  EXECUTE FUNCTION search_mark_row('files');

-- The file: its title, name, kind, product or state (its audiences) changed marks all its passages. Extraction's
-- bookkeeping (state of the job, counts) changes no document and marks nothing: its passages do. A new file has no
-- passages yet; a deleted one's passages go with it (the cascade fires their delete trigger).
CREATE OR REPLACE FUNCTION search_files_on_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('files', NEW.company_id, array_agg(p.id)) FROM knowledge_passages p WHERE p.file_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER search_files_on_files_update AFTER UPDATE ON knowledge_files FOR EACH ROW
  WHEN ((OLD.company_id, OLD.title, OLD.file_name, OLD.kind, OLD.product_id, OLD.state)
    IS DISTINCT FROM (NEW.company_id, NEW.title, NEW.file_name, NEW.kind, NEW.product_id, NEW.state))
  EXECUTE FUNCTION search_files_on_file();

-- Its visibility groups (its audiences): the rows carry no company, the file does. A file deleted with its groups
-- (a cascade) is gone by then, and its passages marked themselves.
CREATE OR REPLACE FUNCTION search_files_on_groups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE files integer[];
BEGIN
  -- A statement's transition tables are only those its event has.
  IF TG_OP = 'DELETE' THEN SELECT array_agg(file_id) INTO files FROM old_rows;
  ELSIF TG_OP = 'INSERT' THEN SELECT array_agg(file_id) INTO files FROM new_rows;
  ELSE SELECT array_agg(file_id) INTO files FROM (SELECT file_id FROM old_rows UNION SELECT file_id FROM new_rows) g;
  END IF;
  PERFORM search_mark('files', f.company_id, array_agg(p.id))
  FROM knowledge_files f JOIN knowledge_passages p ON p.file_id = f.id
  WHERE f.id = ANY(files) GROUP BY f.company_id;
  RETURN NULL;
END $$;
CREATE TRIGGER search_files_on_groups_insert AFTER INSERT ON knowledge_file_visibility_groups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_groups();
CREATE TRIGGER search_files_on_groups_update AFTER UPDATE ON knowledge_file_visibility_groups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_groups();
CREATE TRIGGER search_files_on_groups_delete AFTER DELETE ON knowledge_file_visibility_groups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_groups();
