-- Keep each passage's tsvector in the heap row (compressed), not in the TOAST table: a whole-tenant
-- full-text rank reads the tsvector of every passage a topic matches (31,541 for "share repurchase
-- program" among 1M passages), and out of line each cost ~2 more buffer reads. The embedding (stored
-- EXTERNAL) and the text go out of line first. Rows written before this migration keep their layout
-- until they are rewritten.
ALTER TABLE "chunks" ALTER COLUMN "tsv" SET STORAGE MAIN;
