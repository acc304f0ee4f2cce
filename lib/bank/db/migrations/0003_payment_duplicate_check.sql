-- The logical duplicate check of a payment's creation (docs/interface/payments.md#payments-in-the-sandbox),
-- made inside the statement that stores the payment (payments-repository.ts): the payment's
-- duplicate_key is this function's result. It first takes the transaction's advisory lock on the
-- TPP and key, so that two identical creations at the same moment take turns; then, unless
-- "since" is null (allowLogicalDuplicate=true), it looks for a payment of the TPP with this key made
-- after "since" whose status is not final. A VOLATILE function's statements each take a fresh
-- snapshot, so the look sees every payment committed while it waited for the lock (the calling
-- statement's own snapshot, taken before the lock, would not). A duplicate ends the statement
-- with SQLSTATE BKDUP, its id, status and created_at in the error's detail (JSON).
CREATE FUNCTION "payment_duplicate_key_checked"("checked_tpp_id" text, "checked_key" text, "since" timestamptz, "final_statuses" text[])
RETURNS text
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
	"duplicate" record;
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('payment|' || "checked_tpp_id" || '|' || "checked_key"));
	IF "since" IS NOT NULL THEN
		SELECT p."id", p."status", p."created_at" INTO "duplicate"
		FROM "payments" p
		WHERE p."tpp_id" = "checked_tpp_id" AND p."duplicate_key" = "checked_key" AND p."created_at" > "since"
			AND p."status" <> ALL ("final_statuses")
		ORDER BY p."created_at"
		LIMIT 1;
		IF FOUND THEN
			RAISE EXCEPTION USING
				ERRCODE = 'BKDUP',
				MESSAGE = 'logical duplicate of payment ' || "duplicate"."id",
				DETAIL = json_build_object('id', "duplicate"."id", 'status', "duplicate"."status", 'createdAt', "duplicate"."created_at")::text;
		END IF;
	END IF;
	RETURN "checked_key";
END
$$;
