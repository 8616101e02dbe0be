package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The sentence saying why detection chose streamable HTTP names each
// earlier probe and then, after a colon, what it found, as the sentence of
// a detection that failed does: "POST server/discover URL the server
// speaks ..." read as one run-on phrase.
func TestDetectionReasonSeparatesProbeFromVerdict(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	u := srv.URL + "/mcp"
	s := NewSession(Config{URL: u})
	t.Cleanup(func() { s.Close() })
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect(%s) = %v", u, err)
	}
	d := rec.waitFor(t, "the detection", func(r Record) bool { return r.Kind == KindDetect }).Detect
	if d.Transport != TransportStreamable || len(d.Attempts) < 2 {
		t.Fatalf("detected %s after %d attempts (reason %q), want streamable after server/discover", d.Transport, len(d.Attempts), d.Reason)
	}
	if want := "POST server/discover " + u + ": "; !strings.HasPrefix(d.Reason, want) {
		t.Errorf("reason %q, want it to begin %q", d.Reason, want)
	}
}
