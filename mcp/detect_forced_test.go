package mcp

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// A transport the user forced was the only one tried: when it fails, the
// reason the Negotiation pane shows names it, not "no transport worked",
// which reads as if detection had tried them all, and says no more: the
// failure is the session's error record, and the attempt says its status.
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
	if d.Detect.Reason != "transport streamable asked for: detection skipped, so no other transport was tried" {
		t.Errorf("reason %q, want the forced transport named", d.Detect.Reason)
	}
	// What came back is the attempt's, as a probe's is: the error the
	// session records says the failure whole, once.
	if a := d.Detect.Attempts; len(a) != 1 || a[0].Status != http.StatusNotFound || a[0].Err != "" {
		t.Errorf("attempts %+v, want the one POST with the status it got and no error quoted", a)
	}
}
