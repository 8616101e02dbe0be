package mcp

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 server that does not route subscriptions/listen answers it with
// a status alone: 405 (POST not allowed for it), 404 or 501. Such a
// refusal was met again five times over half a minute, each said as a
// stream that may reopen, while exec --linger waited silently for
// notifications that could not come; it is now the end of the listen
// stream, at once, as a JSON-RPC -32601 is.
func TestListenRefusedByStatusIsNotReopened(t *testing.T) {
	for _, status := range []int{http.StatusMethodNotAllowed, http.StatusNotFound, http.StatusNotImplemented} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			_, _, rec := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod(ListenMethod, func(x *mcptest.Exchange) {
				x.Status(status, "text/plain", "")
			})}, Config{})
			st := rec.waitFor(t, "the listen state after the refusal", func(r Record) bool {
				return r.Kind == KindState && r.State.State == StateListen && (r.State.Over || strings.Contains(r.State.Detail, "reopening in"))
			})
			if !st.State.Over || !strings.Contains(st.State.Detail, "not reopened") {
				t.Errorf("the listen state after a %d says %q (over %v), want it over and not reopened", status, st.State.Detail, st.State.Over)
			}
		})
	}
}
