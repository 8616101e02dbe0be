package history

import (
	"context"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Detection's server/discover answered with a result whose supported
// versions leave out the one it asked in decided the server speaks the
// initialize era: its row reads as a refused probe, as one answered with
// an error does, where "ok" read as the 2026 era taken. A server that
// speaks 2026 keeps its discover "ok".
func TestLogDiscoverOfAnotherEraIsAProbe(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	for _, tc := range []struct {
		url  string
		want PairState
	}{{gw.MCPURL(), StateProbe}, {gw.StatelessURL(), StateOK}} {
		l := logOf(t, mcp.Config{URL: tc.url, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
			if _, err := s.Request(ctx, "tools/list", nil); err != nil {
				t.Fatalf("%s: tools/list: %v", tc.url, err)
			}
		})
		if discover := rowOf(t, l, "server/discover"); discover.State != tc.want || discover.Response == nil {
			t.Errorf("%s: server/discover row %+v, want %s with its answer kept", tc.url, discover, tc.want)
		}
		if st := l.Stats(); st.Errors != 0 {
			t.Errorf("%s: stats %d errors, want none", tc.url, st.Errors)
		}
	}
}
