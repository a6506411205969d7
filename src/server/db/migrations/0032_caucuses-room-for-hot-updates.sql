-- Issue 33, decision 067: each page of `caucuses` keeps a tenth of its room free for the new
-- versions of its rows. A join, a leave and a vote update their caucus's row (its member count,
-- its updated_at); none of those columns is in an index, so the update can be HOT (no new index
-- entries) when the new version fits on the row's own page. Rows were packed full, so about one
-- join in twenty found no room for one of its two updates: it moved the row to another page and
-- wrote an entry into each of the table's nineteen indexes (measured at 1,101,387 users: 22 of
-- 800 updates, and none of 2,000 once the table had this room). Pages written from now on keep
-- the room; `VACUUM FULL caucuses` gives it to the pages already there.
ALTER TABLE "caucuses" SET (fillfactor = 90);
