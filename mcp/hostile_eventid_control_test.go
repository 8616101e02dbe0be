package mcp

import (
	"net/http"
	"strings"
	"testing"
)

// controlID is an event id SSE allows and no HTTP header can carry: ESC
// and DEL are not line ends, so they stay in the id.
const controlID = "ev\x1b[2J\x7f1"

// A response stream that drops after an event whose id holds a control
// character is not resumed with a Last-Event-ID net/http refuses to send
// (its error named only the header); the error says why the id cannot go
// back, quoted so the character shows.
func TestResumeWithControlCharacterEventID(t *testing.T) {
	rec, err := callDroppedAfterEventID(t, controlID)
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), `its last event id "ev\x1b[2J\x7f1" holds a control character, which no HTTP header can carry`) {
		t.Fatalf("tools/call = %.300v (cause %q), want %q saying the event id holds a control character", err, CauseOf(err), CauseResumeFailed)
	}
	for _, r := range rec.all() {
		if r.Kind == KindHTTP && r.HTTP.Purpose == PurposeResume {
			t.Errorf("a resuming GET was tried with Last-Event-ID %q", http.Header(r.HTTP.RequestHeaders).Get("Last-Event-ID"))
		}
	}
}

// A GET stream that ends after such an event is reopened without
// Last-Event-ID, and the state says why; before, every reopening failed
// on the header.
func TestGetStreamWithControlCharacterEventID(t *testing.T) {
	getStreamEndingWithEventID(t, controlID, "holds a control character, which no HTTP header can carry, so it is reopened without Last-Event-ID")
}
