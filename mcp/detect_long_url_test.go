package mcp

import (
	"errors"
	"strings"
	"testing"
)

// A URL pasted wrong, 10 KB long, that no transport answered: the reason
// named it whole in each of its six probes, 62 KB of error on the
// terminal. Each probe's URL is shortened in its middle, its host and
// its end (/mcp, /sse: which probe it was) kept; the probes' own records
// keep it whole.
func TestFailedReasonShortensALongURL(t *testing.T) {
	base := "http://127.0.0.1:1/" + strings.Repeat("a", 10<<10)
	var attempts []Attempt
	for _, u := range []string{base, base + "/mcp", base + "/sse"} {
		attempts = append(attempts,
			Attempt{Transport: TransportStreamable, Method: "POST", URL: u, Status: 404, Verdict: "answered 404: not streamable HTTP here"},
			Attempt{Transport: TransportSSE, Method: "GET", URL: u, Status: 404, Verdict: "answered 404: not legacy HTTP+SSE here"})
	}
	got := failedReason(attempts, errors.New("404"), false, -1, nil)
	if len(got) > 2000 {
		t.Errorf("the reason is %d bytes for a 10 KB URL, want it shortened", len(got))
	}
	for _, want := range []string{"http://127.0.0.1:1/", "…", "a/mcp: answered 404", "a/sse: answered 404", "GET http"} {
		if !strings.Contains(got, want) {
			t.Errorf("the reason does not say %q: %s", want, got)
		}
	}
}
