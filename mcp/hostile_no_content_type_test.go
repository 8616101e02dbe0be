package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers with no Content-Type, initialize with its result
// and server/discover with an error as a 2025 server does, fails detection
// on the missing label, which is what is wrong: the initialize probe's
// verdict names it (server/discover's names its own era), and the failure
// is that answer's, not "no transport" advising to check a URL that was
// right.
func TestDetectionNamesAnAnswerWithNoContentType(t *testing.T) {
	url := mcptest.Unlabelled(t)
	s := NewSession(Config{URL: url + "/mcp"})
	rec := collect(s)
	t.Cleanup(func() { s.Close() })
	err := s.Connect(testCtx(t))
	if err == nil {
		t.Fatal("Connect succeeded, want detection to fail")
	}
	if CauseOf(err) != CauseBadContentType || !strings.Contains(err.Error(), "JSON-RPC result of initialize all the same: only its Content-Type is wrong") {
		t.Errorf("Connect = %v (cause %q), want initialize's answer named as a result with no label (cause %q)", err, CauseOf(err), CauseBadContentType)
	}
	d := rec.waitFor(t, "the detection record", func(r Record) bool { return r.Kind == KindDetect })
	want := "answered 200 with its JSON-RPC result, but with no Content-Type: only the label is wrong"
	said, discover := false, false
	for _, a := range d.Detect.Attempts {
		said = said || a.Verdict == want
		// server/discover's error is no result: that probe is the 2026
		// era's, and its verdict names that era, not streamable HTTP.
		discover = discover || a.Transport == TransportStateless && a.Verdict == "answered 200 with no Content-Type: not stateless HTTP (2026-07-28) here"
	}
	if !discover {
		t.Errorf("server/discover's verdict does not name the 2026 era: %+v", d.Detect.Attempts)
	}
	if !said {
		t.Errorf("no attempt's verdict reads %q: %+v", want, d.Detect.Attempts)
	}
}
