package mcp

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Answers to ids never sent, each id a megabyte long, are named in part by
// the timeout that follows: its text stays a line, not 16 MB.
func TestTimeoutNamesHugeForeignIDsInPart(t *testing.T) {
	handle := mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		for i := range 20 {
			_ = x.WriteRaw(fmt.Sprintf("data: {\"jsonrpc\":\"2.0\",\"id\":\"%d%s\",\"result\":{}}\n\n", i, strings.Repeat("x", 1<<20)))
		}
		<-x.Context().Done()
	})
	// The wait is what says the ids, so it is short. On a busy machine
	// under -race it ran out 1,009,664 bytes into the first event, before
	// any id came: a right timeout with no id to name, which tests nothing
	// here. Such a run is tried again with twice the wait, up to 8s.
	for wait := 500 * time.Millisecond; ; wait *= 2 {
		_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: handle}, Config{NoListen: true, RequestTimeout: wait})
		_, err := s.Request(testCtx(t), "tools/list", nil)
		// Under -race the wait can run out mid-way through the 20 MB of
		// events: a timeout either way, the stalled one saying so, or the
		// slow one when the events were still coming in when it ran out;
		// or, on a busy machine, before the POST was answered at all.
		c := CauseOf(err)
		timedOut := c == CauseTimeout || c == CauseStalled || c == CauseSlowAnswer || c == CausePostTimeout
		named := err != nil && strings.Contains(err.Error(), "no request of ours has")
		if timedOut && !named && wait < 8*time.Second {
			continue
		}
		if !timedOut || !named || len(err.Error()) > 8192 {
			t.Errorf("tools/list = %d bytes of error (%.200v, cause %q), want a timeout naming the ids in part", len(fmt.Sprint(err)), err, c)
		}
		return
	}
}

// A server/discover refusal whose data is megabytes long (a capability
// list, a header value) is described in part.
func TestDiscoverRefusalWithHugeData(t *testing.T) {
	huge := strings.Repeat("c", 20<<10) // under BodyLimit: a 400 answer longer than that is not read as JSON-RPC
	for _, tc := range []struct {
		code int
		data map[string]any
	}{
		{-32021, map[string]any{"requiredCapabilities": map[string]any{huge: map[string]any{}}}},
		{-32020, map[string]any{"mismatch": map[string]any{"header": "Mcp-Method", "expected": huge, "received": huge}}},
	} {
		t.Run(fmt.Sprint(tc.code), func(t *testing.T) {
			srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
				x.Fail(400, tc.code, "refused", tc.data)
			})
			s := NewSession(Config{URL: srv.URL, NoListen: true, Transport: TransportStateless})
			t.Cleanup(func() { s.Close() })
			err := s.Connect(testCtx(t))
			if err == nil || len(err.Error()) > 4096 || !strings.Contains(err.Error(), "server/discover was refused") {
				t.Errorf("Connect = %d bytes of error (%.200v), want the refusal described in part", len(fmt.Sprint(err)), err)
			}
		})
	}
}
