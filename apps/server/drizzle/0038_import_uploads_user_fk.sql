-- Issue 25 section 5: lib/ imports no module, so import_uploads (lib/spreadsheet-import) keeps its uploader's id
-- without a foreign key to users, as audit_log does; the importer's name is looked up by the budget module.
ALTER TABLE "import_uploads" DROP CONSTRAINT "import_uploads_user_id_users_id_fk";
