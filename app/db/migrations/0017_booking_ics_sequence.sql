-- The booking's calendar SEQUENCE (issue 40): the e-mails about a move or a cancellation carry
-- an .ics with the booking's UID and a higher SEQUENCE, so the shopper's calendar replaces the
-- event instead of keeping the old time. Existing bookings start at 0, like their confirmation.
ALTER TABLE "bookings" ADD COLUMN "ics_sequence" integer DEFAULT 0 NOT NULL;
