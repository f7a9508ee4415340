-- A check inside a statement (db/round-trips.ts): a write a purchase batch sends behind is answered
-- after its COMMIT went out, so a check that must roll the transaction back raises here, in the
-- database, where it aborts the transaction and turns that COMMIT into a ROLLBACK.
CREATE OR REPLACE FUNCTION check_write(ok boolean, message text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION '%', message USING ERRCODE = 'P0001';
  END IF;
  RETURN true;
END
$$;
