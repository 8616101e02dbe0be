package mcp

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A transport the user forced was the only one tried: when it fails, the
// reason the Negotiation pane and the status line show names it, not "no
// transport worked", which reads as if detection had tried them all.
func TestForcedTransportFailureNamesIt(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	s := NewSession(Config{URL: srv.URL + "/mcp", Transport: TransportStreamable})
	defer s.Close()
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err == nil {
		t.Fatal("connected to a server that answers 404 to everything")
	}
	d := rec.waitFor(t, "the detection record", func(r Record) bool { return r.Kind == KindDetect })
	if !strings.HasPrefix(d.Detect.Reason, "transport streamable asked for, and it did not work: POST initialize") {
		t.Errorf("reason %q, want the forced transport named", d.Detect.Reason)
	}
}
