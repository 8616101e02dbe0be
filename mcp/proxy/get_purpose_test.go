package proxy

import (
	"bufio"
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A GET with no session id whose event stream turns out to be streamable
// HTTP's GET stream (its first event is not endpoint, or the client
// initialized beside it first) is recorded as the GET stream it is, not
// as a legacy stream: the upstream leg is written once that is settled.
func TestSettledGetStreamIsRecordedAsTheGetStream(t *testing.T) {
	for _, tc := range []struct {
		name, opening string
		initialize    bool
	}{
		{"first event", "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{}}\n\n", false},
		{"initialize first", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, tc.opening }, nil)
			_, base, w := startProxy(t, up.URL, Config{})
			stream := rawDo(t, http.MethodGet, base+"/mcp", "", "Accept", "text/event-stream", "User-Agent", aiSDKLike)
			if tc.initialize {
				if st, _ := send(t, http.MethodPost, base+"/mcp", initialize, nil); st != http.StatusOK {
					t.Fatalf("initialize answered %d", st)
				}
			} else {
				nextEvent(t, bufio.NewReader(stream.Body))
			}
			get := w.record(t, 1, "the GET's upstream leg", func(r mcp.Record) bool {
				return r.HTTP != nil && r.HTTP.Method == http.MethodGet && r.HTTP.Purpose != mcp.PurposeRelay
			})
			if get.HTTP.Purpose != mcp.PurposeGet {
				t.Errorf("the streamable GET stream's upstream leg is recorded with purpose %q, want %q", get.HTTP.Purpose, mcp.PurposeGet)
			}
		})
	}
}
