-- Which writes make a knowledge-hub file document stale: every table and column documents/files.ts reads
-- (tests/integration/document-staleness.test.ts derives that list from the read query and checks this file).

-- The file: inserted, deleted, or its title, name, kind, product or state (its audiences) changed. Extraction's
-- bookkeeping (state of the job, counts) changes no document and marks nothing: its passages do.
CREATE TRIGGER search_files_on_files_insert_delete AFTER INSERT OR DELETE ON knowledge_files
  FOR EACH ROW EXECUTE FUNCTION search_mark_row('files');
CREATE TRIGGER search_files_on_files_update AFTER UPDATE ON knowledge_files FOR EACH ROW
  WHEN ((OLD.company_id, OLD.title, OLD.file_name, OLD.kind, OLD.product_id, OLD.state)
    IS DISTINCT FROM (NEW.company_id, NEW.title, NEW.file_name, NEW.kind, NEW.product_id, NEW.state))
  EXECUTE FUNCTION search_mark_row('files');

-- Its passages: an extraction writes them by the hundred in one statement (and a new version deletes the old ones),
-- so marking is statement-level, grouped. An update may move a passage to another file: both are stale then.
CREATE OR REPLACE FUNCTION search_files_on_passages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_mark('files', company_id, array_agg(DISTINCT file_id)) FROM old_rows GROUP BY company_id;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_mark('files', company_id, array_agg(DISTINCT file_id)) FROM new_rows GROUP BY company_id;
  ELSE
    PERFORM search_mark('files', company_id, array_agg(DISTINCT file_id))
    FROM (SELECT company_id, file_id FROM old_rows UNION SELECT company_id, file_id FROM new_rows) moved GROUP BY company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_files_on_passages_insert AFTER INSERT ON knowledge_passages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_passages();
CREATE TRIGGER search_files_on_passages_update AFTER UPDATE ON knowledge_passages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_passages();
CREATE TRIGGER search_files_on_passages_delete AFTER DELETE ON knowledge_passages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_passages();

-- Its visibility groups (its audiences): the rows carry no company, the file does. A file deleted with its groups
-- (a cascade) is gone by then and marked itself.
CREATE OR REPLACE FUNCTION search_files_on_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_mark('files', f.company_id, array_agg(DISTINCT f.id)) FROM old_rows g JOIN knowledge_files f ON f.id = g.file_id GROUP BY f.company_id;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_mark('files', f.company_id, array_agg(DISTINCT f.id)) FROM new_rows g JOIN knowledge_files f ON f.id = g.file_id GROUP BY f.company_id;
  ELSE
    PERFORM search_mark('files', f.company_id, array_agg(DISTINCT f.id))
    FROM (SELECT file_id FROM old_rows UNION SELECT file_id FROM new_rows) g JOIN knowledge_files f ON f.id = g.file_id GROUP BY f.company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_files_on_groups_insert AFTER INSERT ON knowledge_file_visibility_groups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_groups();
CREATE TRIGGER search_files_on_groups_update AFTER UPDATE ON knowledge_file_visibility_groups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_groups();
CREATE TRIGGER search_files_on_groups_delete AFTER DELETE ON knowledge_file_visibility_groups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_files_on_groups();
