CREATE TABLE "upload" (
	"key" text NOT NULL,
	"uploader_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"product_id" uuid,
	CONSTRAINT "upload_key_uploader_id_pk" PRIMARY KEY("key","uploader_id")
);
--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_uploader_id_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_created_idx" ON "upload" USING btree ("created_at");