package mcp

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request answered 204 or 205 (with or without a JSON label), or 200
// with an empty body and no Content-Type, fails at once saying a request's
// answer belongs in the POST's response: it used to wait out the whole
// timeout, as for a 202 whose answer may come on the GET stream. A 202
// still waits for that stream.
func TestRequestAnsweredNoContentFailsAtOnce(t *testing.T) {
	for _, c := range []struct {
		status int
		ct     string
	}{{http.StatusNoContent, ""}, {http.StatusResetContent, ""}, {http.StatusNoContent, "application/json"}, {http.StatusOK, ""}} {
		srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.AnswerWith("tools/list", c.status, c.ct, "")})
		s, rec := connect(t, Config{URL: srv.URL, RequestTimeout: time.Minute, NoGetStream: true})
		start := time.Now()
		_, _, err := s.ListTools(testCtx(t), false)
		if CauseOf(err) != CauseNoResponse || !strings.Contains(err.Error(), http.StatusText(c.status)) || !strings.Contains(err.Error(), "belongs in the POST's response") {
			t.Errorf("%d %q: tools/list = %v (cause %q), want at once that a request's answer belongs in the POST's response", c.status, c.ct, err, CauseOf(err))
		}
		if d := time.Since(start); d > 30*time.Second {
			t.Errorf("%d: tools/list took %v, want at once", c.status, d)
		}
		s.Close()
		rec.waitEnd(t)
	}
}

// A request answered 202 on a session is still waited for: the answer may
// come on the GET stream, as some servers send it.
func TestRequestAnsweredAcceptedStillWaitsForTheGetStream(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.AnswerWith("tools/list", http.StatusAccepted, "", "")})
	s, rec := connect(t, Config{URL: srv.URL, RequestTimeout: 1500 * time.Millisecond, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	var te *TimeoutError
	if !errorsAs(err, &te) {
		t.Errorf("tools/list = %v, want a timeout (the answer may still come on the GET stream)", err)
	}
	s.Close()
	rec.waitEnd(t)
}
