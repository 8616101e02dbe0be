package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A body in an encoding mcpscope did not ask for, or labelled gzip without
// being gzip, fails its request saying so, as an answer that is not HTTP a
// client can read, not as a stream that broke and may be tried again, nor
// as JSON that is not JSON-RPC.
func TestAnswerInAnEncodingThatDoesNotDecode(t *testing.T) {
	for _, tc := range []struct {
		name, encoding string
		sse            bool
		want           string
	}{
		{"gzip label on JSON", "gzip", false, "labelled Content-Encoding: gzip but does not decode"},
		{"gzip label on SSE", "gzip", true, "labelled Content-Encoding: gzip but does not decode"},
		{"br never asked for", "br", false, `Content-Encoding "br", which mcpscope did not ask for`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
				if x.Method == "tools/list" {
					x.Header().Set("Content-Encoding", tc.encoding)
					if tc.sse {
						x.SSE()
					} else {
						x.JSON()
					}
				}
				x.Default()
			}}, Config{NoListen: true})
			_, _, err := s.ListTools(testCtx(t), false)
			if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("tools/list = %v (cause %q), want %q saying %q", err, CauseOf(err), CauseBadHTTP, tc.want)
			}
		})
	}
}
