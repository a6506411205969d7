-- One pending challenge per person and purpose (a new one replaces it): of the ones already
-- stored, the newest of each person's purpose stays; a sign-in's (no person) are not touched.
DELETE FROM "webauthn_challenges" AS "older" USING "webauthn_challenges" AS "newer"
WHERE "older"."user_id" IS NOT NULL AND "newer"."user_id" = "older"."user_id" AND "newer"."purpose" = "older"."purpose"
  AND ("newer"."created_at", "newer"."id") > ("older"."created_at", "older"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "webauthn_challenges_user_purpose_key" ON "webauthn_challenges" USING btree ("user_id","purpose") WHERE "webauthn_challenges"."user_id" is not null;