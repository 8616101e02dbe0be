package history

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// 2025-era stacks answer detection's server/discover with a JSON-RPC error
// in the body: supergateway 404 -32601, fastmcp's stateless mode 400
// -32000, others 200 -32601. Detection goes on to initialize, and the
// discover row reads as a refused probe, not as a failure counted against
// a session that works.
func TestLogDiscoverRefusedWithRPCErrorIsAProbe(t *testing.T) {
	for _, tc := range []struct {
		status int
		code   int
		msg    string
	}{
		{http.StatusNotFound, -32601, "Method not found"},
		{http.StatusBadRequest, -32000, "Unsupported protocol version: the server instance cannot serve the 2026-07-28 protocol revision."},
		{http.StatusOK, -32601, "Method not found"},
	} {
		fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
		srv := mcptest.Front(t, fake.URL, func(w http.ResponseWriter, r *http.Request, body []byte) bool {
			if !bytes.Contains(body, []byte(`"server/discover"`)) {
				return false
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(tc.status)
			var id struct {
				ID json.RawMessage `json:"id"`
			}
			_ = json.Unmarshal(body, &id)
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%q}}`, string(id.ID), tc.code, tc.msg)
			return true
		})
		l := logOf(t, mcp.Config{URL: srv.URL + "/mcp", NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
			if _, err := s.Request(ctx, "ping", nil); err != nil {
				t.Fatalf("%d %d: ping: %v", tc.status, tc.code, err)
			}
		})
		var discover *Pair
		for i := range l.PairCount() {
			if p := l.Pair(i); p.Method == "server/discover" {
				discover = p
			}
		}
		if discover == nil || discover.State != StateProbe || discover.Response == nil {
			t.Errorf("%d %d: server/discover row %+v, want a refused probe with its answer kept", tc.status, tc.code, discover)
		}
		if st := l.Stats(); st.Errors != 0 || st.Transport != mcp.TransportStreamable {
			t.Errorf("%d %d: stats %d errors on %s; want none, streamable", tc.status, tc.code, st.Errors, st.Transport)
		}
	}
}
