package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 server whose server/discover answers slower than
// --endpoint-timeout and which refuses initialize as a method it does not
// have failed detection with "initialize was refused ... that era has no
// initialize" alone: nothing said the server/discover before it got no
// answer in time, so the user was sent to read a probe that the failure
// could have named, and did not learn that a longer wait would do.
func TestDetectionSaysDiscoverGotNoAnswer(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Initialize: mcptest.Refuse404, Handle: mcptest.HandleMethod("server/discover", func(x *mcptest.Exchange) {
		<-x.Context().Done() // slower than the wait
	})})
	s := NewSession(Config{URL: srv.URL, NoListen: true, EndpointTimeout: 200 * time.Millisecond})
	collect(s)
	defer s.Close()
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseNoInitialize {
		t.Fatalf("Connect = %v (cause %q), want cause %q", err, CauseOf(err), CauseNoInitialize)
	}
	for _, want := range []string{"initialize was refused as a method the server does not have", "yet its server/discover got no answer either", "no answer to server/discover within 200ms"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the failure says %q, want it to say %q", err, want)
		}
	}
}
