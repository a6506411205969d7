-- Issue 33, decision 055: the shared cache of public reads forgets what changed, whatever code
-- changed it. A change of what every reader sees of a person (name, photo, tagline, alignment,
-- home, hidden or deleted), or a photo removed, notifies `public_reads` with the tag to forget;
-- the notification leaves at commit, to every process that listens. Points and activities are
-- not in the list: they change on every write and are left to the cache's short life.
-- The tag's prefix is the trigger's argument: 'person' for users, 'photo' for photos.
CREATE OR REPLACE FUNCTION public_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_reads', json_build_object('key', 'changed', 'data', TG_ARGV[0] || ':' || OLD.id::text)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_public_reads_changed
  AFTER UPDATE OF name, photo_url, tagline, political_alignment, state, district, deleted_at, profile_hidden_at ON users
  FOR EACH ROW
  WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.photo_url IS DISTINCT FROM NEW.photo_url OR OLD.tagline IS DISTINCT FROM NEW.tagline
    OR OLD.political_alignment IS DISTINCT FROM NEW.political_alignment OR OLD.state IS DISTINCT FROM NEW.state
    OR OLD.district IS DISTINCT FROM NEW.district OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.profile_hidden_at IS DISTINCT FROM NEW.profile_hidden_at
  )
  EXECUTE FUNCTION public_reads_changed('person');
--> statement-breakpoint
CREATE TRIGGER users_public_reads_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION public_reads_changed('person');
--> statement-breakpoint
CREATE TRIGGER photos_public_reads_removed AFTER DELETE ON photos FOR EACH ROW EXECUTE FUNCTION public_reads_changed('photo');
