package mcp

import (
	"net/http"
	"strings"
	"testing"
)

// A response stream that drops after an event whose id is too long to send
// back fails saying so, instead of a resuming GET with a huge Last-Event-ID
// header the server refuses (or, worse, reads).
func TestResumeWithHugeEventID(t *testing.T) {
	huge := strings.Repeat("7", 64<<10)
	rec, err := callDroppedAfterEventID(t, huge)
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), "too long to send back as Last-Event-ID") {
		t.Fatalf("tools/call = %.300v (cause %q), want %q saying the event id is too long", err, CauseOf(err), CauseResumeFailed)
	}
	rec.waitFor(t, "the log message before the drop", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Method == "notifications/message"
	})
	for _, r := range rec.all() {
		if r.Kind == KindHTTP && r.HTTP.Purpose == PurposeResume {
			t.Errorf("a resuming GET was sent with a %d-byte Last-Event-ID", len(http.Header(r.HTTP.RequestHeaders).Get("Last-Event-ID")))
		}
	}
}

// A GET stream that ends after an event whose id is too long to send back
// is reopened without Last-Event-ID, and the state says why.
func TestGetStreamWithHugeEventID(t *testing.T) {
	huge := strings.Repeat("7", 64<<10)
	rec := getStreamEndingWithEventID(t, huge, "too long to send back")
	for _, r := range rec.all() {
		if r.Kind == KindHTTP && r.HTTP.Purpose == PurposeGet && len(http.Header(r.HTTP.RequestHeaders).Get("Last-Event-ID")) > 0 {
			t.Errorf("a GET was sent with a %d-byte Last-Event-ID", len(http.Header(r.HTTP.RequestHeaders).Get("Last-Event-ID")))
		}
	}
}
