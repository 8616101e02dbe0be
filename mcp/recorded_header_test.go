package mcp

import "testing"

// A recording written by hand or by another tool may spell header names in
// any case; the panes and the negotiation read them all the same.
func TestRecordedHeaderIgnoresCase(t *testing.T) {
	h := map[string][]string{"content-type": {"text/event-stream"}, "Mcp-Session-Id": {"abc"}, "Empty": {}}
	for name, want := range map[string]string{
		"Content-Type":   "text/event-stream",
		"Mcp-Session-Id": "abc",
		"mcp-session-id": "abc",
		"Empty":          "",
		"Missing":        "",
	} {
		if got := RecordedHeader(h, name); got != want {
			t.Errorf("RecordedHeader(h, %q) = %q, want %q", name, got, want)
		}
	}
}
