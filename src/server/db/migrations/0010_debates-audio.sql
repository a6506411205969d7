CREATE TABLE "debate_audio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"debate_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debate_audio_key_unique" UNIQUE("key"),
	CONSTRAINT "debate_audio_content_type" CHECK ("debate_audio"."content_type" = 'audio/webm'),
	CONSTRAINT "debate_audio_size" CHECK ("debate_audio"."size_bytes" between 1 and 5242880 and "debate_audio"."size_bytes" = octet_length("debate_audio"."bytes")),
	CONSTRAINT "debate_audio_duration" CHECK ("debate_audio"."duration_ms" between 1 and 182000)
);
--> statement-breakpoint
ALTER TABLE "debate_audio" ADD CONSTRAINT "debate_audio_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_audio" ADD CONSTRAINT "debate_audio_debate_id_debates_id_fk" FOREIGN KEY ("debate_id") REFERENCES "public"."debates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debate_audio_debate_idx" ON "debate_audio" USING btree ("debate_id");--> statement-breakpoint
CREATE INDEX "debate_audio_user_idx" ON "debate_audio" USING btree ("user_id");