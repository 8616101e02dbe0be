package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer stream that ends inside an event (its last block no blank
// line ended), cleanly or broken, says so with how many bytes of the event
// came, in the words the proxy uses for a proxied stream cut alike: it
// read as a stream that ended between events, with nothing of the
// event's bytes (which are recorded as they came).
func TestAnswerStreamEndedMidEventSaysSo(t *testing.T) {
	const part = "event: message\ndata: {\"jsonrpc\":\"2.0\","
	for _, tc := range []struct {
		broken bool
		want   string
	}{
		{false, "(the server ended it, " + MidEvent(len(part)) + ")"},
		{true, "(it broke, " + MidEvent(len(part)) + ": unexpected EOF)"},
	} {
		srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
			_ = x.WriteRaw(part)
			if tc.broken {
				x.Break()
			} else {
				x.Cut(0)
			}
		})
		s := NewSession(Config{URL: srv.Endpoint(), Transport: TransportStreamable, RequestTimeout: 10 * time.Second, NoGetStream: true})
		rec := collect(s)
		if err := s.Connect(testCtx(t)); err != nil {
			t.Fatalf("Connect: %v", err)
		}
		_, _, err := s.ListTools(testCtx(t), false)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("broken %v: tools/list = %v, want it to say %q", tc.broken, err, tc.want)
		}
		s.Close()
		rec.waitEnd(t)
	}
}
