package mcp

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A server that answers a request with 202 and no body, where nothing else
// could carry the answer (initialize, before any session; every 2026
// request), fails the request at once saying so: it used to wait out the
// whole timeout and then say only that no answer came.
func TestRequestAnsweredAcceptedWithNoStreamFailsAtOnce(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(srv.Close)
	for _, tr := range []string{TransportStreamable, TransportStateless} {
		t.Run(tr, func(t *testing.T) {
			s := NewSession(Config{URL: srv.URL + "/mcp", Transport: tr, EndpointTimeout: time.Minute, RequestTimeout: time.Minute})
			t.Cleanup(func() { s.Close() })
			go func() {
				for range s.Records() {
				}
			}()
			err := s.Connect(testCtx(t))
			var we *WireError
			if !errors.As(err, &we) || we.Cause != CauseNoResponse || !strings.Contains(we.Message, "202") {
				t.Fatalf("Connect = %v, want at once that the 202 carried no answer and nothing else could", err)
			}
		})
	}
}
