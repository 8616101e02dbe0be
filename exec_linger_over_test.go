package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// --linger does not wait for notifications that cannot come: when the
// server's stream for them is over for good (a streamable server that
// offers no GET stream, a 2026 listen stream answered with an HTML page),
// exec says so and ends instead of lingering the whole time. The context
// ends long before the linger would: an exec that lingered on is
// interrupted, exit 130. Whether exec learns it before lingering ("not
// lingering") or while ("stopped lingering") depends on when the stream's
// answer comes, after tools/list's or before; both end at once.
func TestExecLingerStopsWhenNoNotificationCanCome(t *testing.T) {
	for _, tc := range []struct{ name, url, want string }{
		{"no GET stream", mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone}).Endpoint(),
			" lingering: no notification can come, the GET stream for them is over for good: this server offers no GET stream (405)"},
		{"listen answered HTML", mcptest.StatelessOnMethod(t, "subscriptions/listen", func(x *mcptest.Exchange) {
			x.Status(200, "text/html", "<html>hi</html>")
		}).Endpoint(), ` lingering: no notification can come, the listen stream for them is over for good: POST `},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			out, errOut, code := runCtx(t, ctx, "exec", "--no-record", "--linger", "1h", tc.url, "tools/list")
			if code != exitOK || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, want 0 and %q said:\n%s\n%s", code, tc.want, out, errOut)
			}
		})
	}
}

// A listen stream the user opened stays open whatever became of the
// session's own, so --linger lingers on for its notifications.
func TestExecLingerKeepsOnForOwnListen(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "subscriptions/listen" && strings.Contains(string(x.Params), "promptsListChanged") {
			// The session's own listen stream (it asks for every list
			// change); the user's asks for tools only.
			x.Status(200, "text/html", "<html>hi</html>")
			return
		}
		x.Default()
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, errOut, code := runCtx(t, ctx, "exec", "--no-record", "--linger", "300ms", srv.Endpoint(),
		`subscriptions/listen notifications:='{"toolsListChanged":true}'`)
	if code != exitOK || !strings.Contains(errOut, "lingering 300ms") || strings.Contains(errOut, "not lingering") || strings.Contains(errOut, "stopped lingering") {
		t.Errorf("exit %d, want 0 and the whole linger:\n%s\n%s", code, out, errOut)
	}
}
