-- A source answer's outline (`SourceOutline`): lines of tab-separated fields
-- that read back without a JSON decoder. Warnings without their texts (level,
-- times, message, ids, event), the next hours whole: what a list, a report's
-- columns and --where need, read in a fraction of the time the whole answers
-- take (descriptions of kilobytes, instructions, areas), which `show`,
-- `alerts`, JSON and the app still read. NULL where an answer has none, and
-- for answers kept before this migration (their whole answer is read).
ALTER TABLE source_answer ADD COLUMN outline TEXT CHECK (outline IS NULL OR length(outline) <= 100000);
