CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Counts one request of a client to a route in its window, for every server process at once:
-- the first request (or the first after the window ended) opens a window of p_window_ms; answers
-- the requests in the window so far and the milliseconds left of it. One statement on the row, so
-- concurrent requests of the same client count one after the other. Now and then the windows over
-- for an hour are forgotten.
CREATE FUNCTION app_rate_limit_hit(p_key text, p_window_ms integer, OUT current_hits integer, OUT ttl_ms integer)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_now timestamptz := clock_timestamp();
  v_window interval := make_interval(secs => p_window_ms / 1000.0);
BEGIN
  IF random() < 0.01 THEN
    DELETE FROM public.rate_limit_windows w WHERE w.started_at < v_now - v_window - interval '1 hour';
  END IF;
  INSERT INTO public.rate_limit_windows AS w (key, hits, started_at) VALUES (p_key, 1, v_now)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN w.started_at + v_window <= v_now THEN 1 ELSE w.hits + 1 END,
    started_at = CASE WHEN w.started_at + v_window <= v_now THEN v_now ELSE w.started_at END
  RETURNING w.hits, greatest(0, ceil(extract(epoch FROM w.started_at + v_window - v_now) * 1000))::integer
  INTO current_hits, ttl_ms;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_rate_limit_hit(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_rate_limit_hit(text, integer) TO app_tenant;
