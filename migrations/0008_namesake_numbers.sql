-- Each place's N in `Name#N`, given when it is saved and kept until it is
-- removed, so that an address names one place for as long as it exists
-- (before, N counted positions in the manual order, and a move or a sort made
-- `Seoul#1` the other Seoul). A place saved under a label no other place has
-- gets 1; the next place under that label the highest number there + 1.
-- Places saved before are numbered in their manual order, by label in any
-- letter case; the program numbers again any that still collide (labels
-- that differ only in accents) after the highest number of their label.

ALTER TABLE place ADD COLUMN namesake INTEGER;

UPDATE place SET namesake = (
    SELECT count(*) FROM place AS other
    WHERE lower(other.display_name) = lower(place.display_name)
      AND (other.position < place.position OR (other.position = place.position AND other.id <= place.id))
);
